import { hourlyRateFromMinor, type IdentityVerified, type PublicUser } from '@mihna/shared';
import { mediaPath } from '../media/index.ts';
import type { PublicUserRow } from './profiles.repository.ts';

/**
 * What anyone may see of a user: the region only with show_location, the city only with
 * show_exact_location too; and the badge of a verified national identity.
 */
export function toPublicUser(row: PublicUserRow, identity: IdentityVerified): PublicUser {
  const showsExactLocation = row.showLocation && row.showExactLocation;
  return {
    id: row.id,
    role: row.role,
    first_name: row.firstName,
    last_name: row.lastName,
    bio: row.bio,
    profile_picture: row.profilePictureId ? mediaPath(row.profilePictureId) : null,
    show_location: row.showLocation,
    country: row.showLocation ? row.country : null,
    emirate: row.showLocation ? row.emirate : null,
    city: showsExactLocation ? row.city : null,
    industry_category: row.industryCategory,
    local_service_category: row.localServiceCategory,
    local_service_subcategory: row.localServiceSubcategory,
    skills: row.skills,
    languages: row.languages,
    career_highlights: row.careerHighlights,
    hourly_rate: hourlyRateFromMinor(row.hourlyRateMinor),
    years_of_experience: row.yearsOfExperience,
    availability_status: row.availabilityStatus,
    total_rating: row.totalRating,
    total_reviews: row.totalReviews,
    company_name: row.companyName,
    company_description: row.companyDescription,
    company_size: row.companySize,
    website_url: row.websiteUrl,
    linkedin_url: row.linkedinUrl,
    github_url: row.githubUrl,
    behance_url: row.behanceUrl,
    identity_verified: identity,
    created_at: row.createdAt.toISOString(),
  };
}

/** How a party to a job is named on a profile: an employer by company when it has one, anyone else by name. */
export function partyName(person: { role: string; firstName: string; lastName: string; companyName: string | null }): string {
  if (person.role === 'employer' && person.companyName) return person.companyName;
  return `${person.firstName} ${person.lastName}`;
}
