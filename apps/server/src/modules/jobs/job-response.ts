import {
  distanceKm,
  money,
  placeOf,
  toDecimal,
  type CurrencyCode,
  type InterestDetails,
  type JobCard,
  type JobDetail,
  type OwnProposal,
  type Point,
} from '@mihna/shared';
import type { jobs } from './jobs.schema.ts';
import { mediaPath } from '../media/index.ts';
import type { UserRow } from '../users/index.ts';
import type { Actor } from '../../lib/access.ts';

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
    budget_min: toDecimal(money(job.budgetMinMinor, currency)),
    budget_max: toDecimal(money(job.budgetMaxMinor, currency)),
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

/** In a nearby search, the card with how far its place is from the point (a job in reach always has one). */
export function withDistance(card: JobCard, near: Point | undefined): JobCard {
  const place = near && placeOf(card.country, card.region, card.city);
  return place ? { ...card, distance_km: Math.round(distanceKm(near, place.city) * 10) / 10 } : card;
}

/** What the viewer has done on the job, and what was sent to them. */
export interface Viewer {
  user: Actor | undefined;
  proposal: OwnProposal | null;
  interest: InterestDetails | null;
  invitation: { message: string | null; is_masked: boolean; created_at: string } | null;
}

export const anonymousViewer = (user: Actor | undefined): Viewer => ({ user, proposal: null, interest: null, invitation: null });

/** The client's record, as a professional weighs it before proposing. */
export interface EmployerRecord {
  projectsPosted: number;
  hiresMade: number;
}

export function toJobDetail(job: JobCardRow, employer: UserRow, record: EmployerRecord, viewer: Viewer, now: Date): JobDetail {
  const isOwner = viewer.user?.id === job.employerId;
  const isHired = viewer.proposal?.status === 'accepted';
  return {
    ...toJobCard(job, now),
    employer_id: job.employerId,
    proposals_count: job.proposalCount,
    address: isOwner || isHired ? job.address : null,
    moderation: isOwner && job.moderationStatus !== 'active' ? { status: job.moderationStatus, reason: job.moderationReason } : null,
    employer_info: {
      id: employer.id,
      name: `${employer.firstName} ${employer.lastName}`,
      email: isOwner ? employer.email : null,
      company: employer.companyName,
      account_status: employer.accountStatus,
      profile_picture: employer.profilePictureId ? mediaPath(employer.profilePictureId) : null,
      member_since: employer.createdAt.toISOString(),
      projects_posted: record.projectsPosted,
      hires_made: record.hiresMade,
      rating: employer.totalRating,
      total_reviews: employer.totalReviews,
    },
    viewer: {
      is_owner: isOwner,
      has_proposal: viewer.proposal !== null && viewer.proposal.status !== 'withdrawn',
      has_expressed_interest: viewer.interest !== null,
      proposal: viewer.proposal,
      interest: viewer.interest,
      invitation: viewer.invitation,
    },
  };
}
