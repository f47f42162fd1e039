import { z } from 'zod';
import { userRoles } from './accounts.ts';
import { jobStatuses } from './jobs.ts';
import { jobTypes } from './search-options.ts';
import { identityVerifiedSchema } from './identity.ts';

/**
 * What anyone may see of a user. Location follows the user's privacy choices: the region only with
 * show_location, the city only with show_exact_location as well. Never e-mail or phone.
 */
export const publicUserSchema = z.object({
  id: z.string(),
  role: z.enum(userRoles),
  first_name: z.string(),
  last_name: z.string(),
  bio: z.string().nullable(),
  profile_picture: z.string().nullable(),
  show_location: z.boolean(),
  country: z.string().nullable(),
  emirate: z.string().nullable(),
  city: z.string().nullable(),
  industry_category: z.string().nullable(),
  local_service_category: z.string().nullable(),
  local_service_subcategory: z.string().nullable(),
  skills: z.array(z.string()),
  languages: z.array(z.string()),
  career_highlights: z.array(z.string()),
  hourly_rate: z.number().nullable(),
  years_of_experience: z.number().int().nullable(),
  availability_status: z.string().nullable(),
  total_rating: z.number(),
  total_reviews: z.number().int(),
  company_name: z.string().nullable(),
  company_description: z.string().nullable(),
  company_size: z.string().nullable(),
  website_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  github_url: z.string().nullable(),
  behance_url: z.string().nullable(),
  /** Verified their national identity (UAE PASS, Nafath): the provider, else null. */
  identity_verified: identityVerifiedSchema,
  created_at: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const professionalSearchResponseSchema = z.object({
  professionals: z.array(publicUserSchema),
  pagination: z.object({ total: z.number().int(), skip: z.number().int(), limit: z.number().int(), has_next: z.boolean() }),
});
export type ProfessionalSearchResponse = z.infer<typeof professionalSearchResponseSchema>;

export const accomplishmentSchema = z.object({
  job_id: z.string(),
  job_title: z.string(),
  project_description: z.string(),
  completion_date: z.string().nullable(),
  duration_days: z.number().int().nullable(),
  project_category: z.string().nullable(),
  show_project_value: z.boolean(),
  /** What was paid for the work (released, before the fee, and cash confirmed) in `currency`; null when hidden or nothing was paid. */
  project_value: z.number().nullable(),
  currency: z.string(),
  skills_used: z.array(z.string()),
  employer_testimonial: z.string().nullable(),
  show_employer_name: z.boolean(),
  employer_name: z.string().nullable(),
  overall_rating: z.number().nullable(),
});

export const reviewSchema = z.object({
  id: z.string(),
  job_title: z.string(),
  reviewer_name: z.string(),
  overall_rating: z.number(),
  comment: z.string().nullable(),
  created_at: z.string(),
});

const skillCount = z.object({ skill: z.string(), projects: z.number().int() });

export const expertProfileSchema = z.object({
  user: publicUserSchema,
  accomplishments: z.array(accomplishmentSchema),
  reviews: z.array(reviewSchema),
  portfolio_stats: z.object({
    total_projects: z.number().int(),
    repeat_clients: z.number().int(),
    top_skills: z.array(skillCount),
    /** Every skill on the profile with the number of completed projects that used it (the Skills tab). */
    skills: z.array(skillCount),
  }),
  verified_rating: z.object({
    overall_rating: z.number(),
    total_verified_reviews: z.number().int(),
    work_quality_avg: z.number(),
    communication_avg: z.number(),
    timeliness_avg: z.number(),
  }),
});
export type ExpertProfile = z.infer<typeof expertProfileSchema>;

export const currentJobItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  budget_range: z.string(),
  /** An hourly project's budget is a rate per hour. */
  job_type: z.enum(jobTypes),
  currency: z.string(),
  budget_min: z.number(),
  budget_max: z.number(),
  created_at: z.string(),
  country: z.string(),
  emirate: z.string().nullable(),
  industry_category: z.string().nullable(),
  skills_required: z.array(z.string()),
  status: z.enum(jobStatuses),
  proposal_count: z.number().int(),
});

export const jobHistoryItemSchema = z.object({
  job_id: z.string(),
  job_title: z.string(),
  project_description: z.string(),
  completion_date: z.string().nullable(),
  project_category: z.string().nullable(),
  /** What was paid for the work, in `currency`; null when nothing was paid. */
  project_value: z.number().nullable(),
  currency: z.string(),
  show_financial_info: z.boolean(),
  worker_name: z.string().nullable(),
  show_worker_name: z.boolean(),
  employer_feedback: z.string().nullable(),
  worker_feedback: z.string().nullable(),
  worker_rating: z.number().nullable(),
  received_rating: z.number().nullable(),
});

export const employerProfileSchema = z.object({
  user: publicUserSchema,
  job_history: z.array(jobHistoryItemSchema),
  current_jobs: z.array(currentJobItemSchema),
  reviews: z.array(reviewSchema),
  employer_stats: z.object({
    total_projects: z.number().int(),
    repeat_hires: z.number().int(),
    /** Projects with a professional hired on them, not yet finished. */
    active_jobs: z.number().int(),
    /** Projects still open to proposals. */
    open_jobs: z.number().int(),
    /**
     * What the employer paid through the marketplace (escrow and weekly hours funded, cash they
     * confirmed, featured fees, less refunds) in `currency`: the figure of their dashboard (decision 31).
     */
    total_spent: z.number(),
    currency: z.string(),
    /** Every currency's total, largest first: money is never added across currencies. */
    totals: z.array(z.object({ currency: z.string(), amount: z.number() })),
    hiring_categories: z.array(z.object({ category: z.string(), projects: z.number().int() })),
  }),
  verified_rating: z.object({
    overall_rating: z.number(),
    total_verified_reviews: z.number().int(),
    communication_avg: z.number(),
    payment_reliability_avg: z.number(),
    one_star_count: z.number().int(),
    two_star_count: z.number().int(),
    three_star_count: z.number().int(),
    four_star_count: z.number().int(),
    five_star_count: z.number().int(),
  }),
});
export type EmployerProfile = z.infer<typeof employerProfileSchema>;
