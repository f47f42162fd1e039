import { hourlyRateFromMinor, type CurrentUser } from '@mihna/shared';
import { mediaPath } from '../media/index.ts';
import type { UserRow } from './users.repository.ts';

/** The API shape of a user's own account, mapped from the row (the table is not the contract). */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone_number: user.phoneNumber,
    country_code: user.countryCode,
    role: user.role,
    gender: user.gender,
    skills: user.skills,
    languages: user.languages,
    career_highlights: user.careerHighlights,
    hourly_rate: hourlyRateFromMinor(user.hourlyRateMinor),
    years_of_experience: user.yearsOfExperience,
    bio: user.bio,
    company_name: user.companyName,
    company_description: user.companyDescription,
    website_url: user.websiteUrl,
    company_size: user.companySize,
    vat_number: user.vatNumber,
    country: user.country,
    emirate: user.emirate,
    city: user.city,
    industry_category: user.industryCategory,
    local_service_category: user.localServiceCategory,
    local_service_subcategory: user.localServiceSubcategory,
    show_location: user.showLocation,
    show_exact_location: user.showExactLocation,
    verification_method: user.verificationMethod,
    profile_picture: user.profilePictureId ? mediaPath(user.profilePictureId) : null,
    total_rating: user.totalRating,
    total_reviews: user.totalReviews,
    account_status: user.accountStatus,
    linkedin_url: user.linkedinUrl,
    github_url: user.githubUrl,
    behance_url: user.behanceUrl,
    availability_status: user.availabilityStatus,
    preferred_project_size: user.preferredProjectSize,
    created_at: user.createdAt.toISOString(),
  };
}
