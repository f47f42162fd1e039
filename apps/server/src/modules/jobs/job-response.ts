import { fromMinorUnits, type CurrencyCode, type JobCard, type JobDetail } from '@mihna/shared';
import type { jobs } from '../../db/schema.ts';
import { mediaPath } from '../media/media.routes.ts';
import type { UserRow } from '../users/users.repository.ts';

export type JobRow = typeof jobs.$inferSelect;
/** What a card needs: the row without the search columns. */
export type JobCardRow = Omit<JobRow, 'searchVector' | 'facets'>;

/** A job counts as featured only while its paid period lasts. */
export const isFeaturedAt = (job: Pick<JobRow, 'featuredUntil'>, now: Date) => job.featuredUntil !== null && job.featuredUntil > now;

export function toJobCard(job: JobCardRow, now: Date): JobCard {
  const currency = job.currency as CurrencyCode;
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    is_featured: isFeaturedAt(job, now),
    featured_until: job.featuredUntil?.toISOString() ?? null,
    is_urgent: job.isUrgent,
    project_type: job.jobType,
    job_type: job.jobType,
    payment_method: job.paymentMethod,
    country: job.country,
    emirate: job.country === 'AE' ? job.region : null,
    region: job.region,
    city: job.city,
    allow_remote: job.allowRemote,
    location_required: job.locationRequired,
    currency,
    budget_min: fromMinorUnits(job.budgetMinMinor, currency),
    budget_max: fromMinorUnits(job.budgetMaxMinor, currency),
    budget_min_usd: job.budgetMinUsd / 100,
    budget_max_usd: job.budgetMaxUsd / 100,
    proposal_count: job.proposalCount,
    view_count: job.viewCount,
    industry_category: job.industryCategory,
    local_service_category: job.localServiceCategory,
    local_service_subcategory: job.localServiceSubcategory,
    skills_required: job.skillsRequired,
    status: job.status,
    created_at: job.createdAt.toISOString(),
    start_date: job.startDate,
    deadline: job.deadline,
  };
}

export interface Viewer {
  user: UserRow | undefined;
  hasProposal: boolean;
  hasExpressedInterest: boolean;
  isHired: boolean;
}

export function toJobDetail(job: JobCardRow, employer: UserRow, viewer: Viewer, now: Date): JobDetail {
  const isOwner = viewer.user?.id === job.employerId;
  return {
    ...toJobCard(job, now),
    employer_id: job.employerId,
    proposals_count: job.proposalCount,
    address: isOwner || viewer.isHired ? job.address : null,
    employer_info: {
      id: employer.id,
      name: `${employer.firstName} ${employer.lastName}`,
      email: isOwner ? employer.email : null,
      company: employer.companyName,
      account_status: employer.accountStatus,
      profile_picture: employer.profilePictureId ? mediaPath(employer.profilePictureId) : null,
    },
    viewer: { is_owner: isOwner, has_proposal: viewer.hasProposal, has_expressed_interest: viewer.hasExpressedInterest },
  };
}
