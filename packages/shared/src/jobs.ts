import { z } from 'zod';
import { commaSeparatedList } from './accounts.ts';
import { messages } from './messages.ts';
import { currencyInfo, currencyOfCountry, hasCurrencyDecimals } from './money.ts';
import { readNumber } from './numbers.ts';
import { referenceMessages, resolveReferencesInSchema } from './reference-fields.ts';
import { LOCAL_SERVICES_INDUSTRY_ID } from './reference/industries.ts';
import type { CountryCode } from './reference/types.ts';
import { isPlainLine } from './plain-text.ts';
import { identityVerifiedSchema } from './identity.ts';
import { multiLineText, singleLineText } from './text.ts';
import { jobSorts, jobTypes, NEARBY_RADIUS_KM, professionalSorts, PROFESSIONAL_PAGE_SIZE, PROJECT_PAGE_SIZE } from './search-options.ts';

export const paymentMethods = ['escrow', 'cash'] as const;
/** `closed` is the employer's own pause: the project leaves search until they reopen it. */
export const jobStatuses = ['open', 'assigned', 'in_progress', 'completed', 'cancelled', 'closed'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** A project with someone hired on it: the two parties have its payment page. */
export const hiredJobStatuses: readonly JobStatus[] = ['assigned', 'in_progress', 'completed'];
/** `not_selected`: another proposal on the project was accepted; `withdrawn`: its author took it back while pending. */
export const proposalStatuses = ['pending', 'accepted', 'not_selected', 'withdrawn'] as const;
export type ProposalStatus = (typeof proposalStatuses)[number];

/**
 * Where a proposal stands for the project's owner: still pending (new, reviewed or shortlisted, the
 * owner's own marks), accepted, or rejected (declined by the owner, or not selected when another was
 * hired). The author sees only the status.
 */
export const proposalStages = ['pending', 'reviewed', 'shortlisted', 'accepted', 'rejected'] as const;
export type ProposalStage = (typeof proposalStages)[number];
/** The marks an owner sets on a pending proposal; rejected declines it and tells its author. */
export const settableProposalStages = ['pending', 'reviewed', 'shortlisted', 'rejected'] as const;

export const jobMessages = {
  onlyEmployers: 'Only employers can post projects',
  budgetOrder: 'Maximum budget must be at least the minimum budget',
  deadlineOrder: 'Deadline must be on or after the start date',
  cashNeedsEmirate: 'Cash payment is available only when an emirate is chosen (same emirate only)',
  /** Outside the UAE the first-level places are regions, governorates or municipalities, not emirates. */
  cashNeedsRegion: 'Cash payment is available only when a region is chosen (same region only)',
  localServiceOnly: 'Local service fields apply only to the Local Services industry',
  deadlinePast: 'Deadline cannot be in the past',
  notFound: 'Job not found',
  notOpen: 'This project is no longer open',
  onlyOwnerChanges: 'Only the project owner can change it',
  notEditable: 'Only open projects can be edited',
  notClosable: 'Only open projects can be closed',
  notReopenable: 'Only closed projects can be reopened',
  updated: 'Project updated successfully!',
  closed: 'Project closed. It no longer appears in search, and the professionals who sent proposals have been told.',
  reopened: 'Project reopened. It appears in search again.',
} as const;

/** The server's answers about proposals, interest and invitations (the screens translate them). */
export const proposalMessages = {
  submitted: 'Proposal submitted successfully!',
  accepted: 'Proposal accepted successfully!',
  interestExpressed: 'Interest expressed successfully! The employer will be notified.',
  onlyProfessionals: 'Only professionals can submit proposals',
  onlyProfessionalsInterest: 'Only professionals can express interest',
  duplicateProposal: 'You have already submitted a proposal for this project',
  duplicateInterest: 'You have already expressed interest in this project',
  cashSameEmirate: 'This project is paid in cash and is open only to professionals in the same emirate',
  cashSameRegion: 'This project is paid in cash and is open only to professionals in the same region',
  onlyOwnerViews: 'Only the project owner can view its proposals',
  onlyOwnerAccepts: 'Only the project owner can accept proposals',
  proposalNotFound: 'Proposal not found',
  notAcceptable: 'This proposal can no longer be accepted',
  onlyEmployersInvite: 'Only employers can invite professionals',
  inviteOwnOpenJob: 'You can only invite professionals to your own open projects',
  notAProfessional: 'Expert Not Found',
  duplicateInvitation: 'You have already invited this professional to this project',
  invited: 'Invitation sent',
  onlyAuthorWithdraws: 'Only the professional who sent a proposal can withdraw it',
  notWithdrawable: 'Only a pending proposal can be withdrawn',
  withdrawn: 'Proposal withdrawn.',
  onlyOwnerMarks: 'Only the project owner can mark its proposals',
  notMarkable: 'Only a pending proposal can be marked',
  marked: 'Proposal updated',
  onlyEmployersReceive: 'Only employers receive proposals',
} as const;

export const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const numberInput = (required: boolean) =>
  z
    .number({ error: (issue) => (issue.input === undefined && required ? messages.required : messages.validNumber) })
    .refine(Number.isFinite, messages.validNumber);

/** A required amount in major units: a number, at least 0, step 0.01 (0.001 for the three-decimal dinars). */
const amount = (limit: number) =>
  z.preprocess(readNumber, numberInput(true).pipe(z.number().min(0, messages.min(0)).max(limit, messages.max(limit))));

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one), of a year PostgreSQL stores (not 0000). */
export const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** An optional calendar date, YYYY-MM-DD (a full timestamp is cut to its date). */
const optionalDate = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().slice(0, 10) || null : (value ?? null)),
  z.string().refine(isCalendarDate, messages.invalidFormat).nullable(),
);

const optionalId = z.preprocess(emptyToUndefined, z.string().trim().max(60, messages.maxLength(60)).optional());
/** Null is absent; blank text is not: a choice that is sent must name one of its values (docs/api-input.md). */
const nullToUndefined = (value: unknown) => (value === null ? undefined : value);
const flag = z.boolean().default(false);
export const MAX_BUDGET = 100_000_000;

/** POST /jobs: every creation field of the specification, with its rules. */
export const jobCreationSchema = z
  .object({
    title: singleLineText(150),
    description: multiLineText(10_000),
    skills_required: commaSeparatedList(20, 60).refine((skills) => skills.length > 0, messages.required),
    project_type: z.enum(jobTypes, { error: messages.required }),
    budget_min: amount(MAX_BUDGET),
    budget_max: amount(MAX_BUDGET),
    start_date: optionalDate.optional(),
    deadline: optionalDate.optional(),
    /** An ISO code or the country's name in English or Arabic; the UAE when absent, never when blank. */
    country: z.preprocess(nullToUndefined, z.string().trim().min(1, referenceMessages.country).max(60, messages.maxLength(60)).optional()),
    /** The emirate (UAE) or region (other countries), as an id or a name; `region` is accepted as the same field. */
    emirate: optionalId,
    region: optionalId,
    city: optionalId,
    industry_category: optionalId,
    local_service_category: optionalId,
    local_service_subcategory: optionalId,
    payment_method: z.preprocess(nullToUndefined, z.enum(paymentMethods, { error: messages.invalidFormat }).default('escrow')),
    is_featured: flag,
    is_urgent: flag,
    location_required: flag,
    allow_remote: flag,
    address: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(300, messages.maxLength(300)).refine(isPlainLine, messages.invalidFormat).optional(),
    ),
  })
  .transform(({ region, ...job }, context) => {
    const resolved = resolveReferencesInSchema({ ...job, emirate: job.emirate ?? region }, context, { country: 'AE' });
    return {
      ...resolved,
      country: (resolved.country ?? 'AE') as CountryCode,
      emirate: resolved.emirate ?? undefined,
      city: resolved.city ?? undefined,
      industry_category: resolved.industry_category ?? undefined,
      local_service_category: resolved.local_service_category ?? undefined,
      local_service_subcategory: resolved.local_service_subcategory ?? undefined,
    };
  })
  .superRefine((job, context) => {
    const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (job.budget_max < job.budget_min) fail('budget_max', jobMessages.budgetOrder);
    const currency = currencyOfCountry(job.country);
    for (const field of ['budget_min', 'budget_max'] as const) {
      if (!hasCurrencyDecimals(job[field], currency)) fail(field, messages.tooManyDecimals(currencyInfo(currency).decimals));
    }
    if (job.start_date && job.deadline && job.deadline < job.start_date) fail('deadline', jobMessages.deadlineOrder);
    const isLocalService = job.industry_category === LOCAL_SERVICES_INDUSTRY_ID;
    if ((job.local_service_category || job.local_service_subcategory) && !isLocalService) {
      fail('local_service_category', jobMessages.localServiceOnly);
    }
    if (job.payment_method === 'cash' && !job.emirate) {
      fail('payment_method', job.country === 'AE' ? jobMessages.cashNeedsEmirate : jobMessages.cashNeedsRegion);
    }
  });
export type JobCreationInput = z.input<typeof jobCreationSchema>;
export type JobCreation = z.output<typeof jobCreationSchema>;

/** An optional amount filter: a number from 0 up to `limit` (budgets and rates people could mean). */
const optionalRangeParam = (min: number, max: number) =>
  z.preprocess(
    readNumber,
    numberInput(false)
      .pipe(z.number().min(min, messages.min(min)).max(max, messages.max(max)))
      .optional(),
  );
export const optionalNumberParam = (limit: number) => optionalRangeParam(0, limit);
export const optionalTextParam = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, messages.maxLength(max)).optional());
export const wholeNumberParam = (min: number, max: number, fallback: number) =>
  z.preprocess(
    readNumber,
    z
      .number({ error: messages.validWholeNumber })
      .int(messages.validWholeNumber)
      .min(min, messages.min(min))
      .max(max, messages.max(max))
      .default(fallback),
  );
/** A yes/no query parameter: true or 1, false or 0; absent or empty is no. */
const queryFlag = z
  .preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0'], { error: messages.invalidFormat }).optional())
  .transform((value) => value === 'true' || value === '1');
const pageParams = (maxLimit: number, defaultLimit: number) => ({
  skip: wholeNumberParam(0, 10_000, 0),
  limit: wholeNumberParam(1, maxLimit, defaultLimit),
});

/** The place and trade filters of both searches: ids or English or Arabic names, answered as ids. */
const referenceParams = {
  country: optionalTextParam(60),
  region: optionalTextParam(60),
  emirate: optionalTextParam(60),
  industry_category: optionalTextParam(60),
  local_service_category: optionalTextParam(60),
  local_service_subcategory: optionalTextParam(60),
};

/**
 * Resolves a search's reference filters to ids ('All GCC Countries' is no country; anything unknown is
 * refused on its field) and checks that a range's maximum is not below its minimum.
 */
function resolveSearchFilters<T extends Partial<Record<keyof typeof referenceParams, string>>>(
  params: T,
  context: z.RefinementCtx,
  range: { min: number | undefined; max: number | undefined; field: string; message: string },
) {
  const resolved = resolveReferencesInSchema(params, context, { allowAllCountries: true });
  if (range.min !== undefined && range.max !== undefined && range.max < range.min) {
    context.addIssue({ code: 'custom', path: [range.field], message: range.message });
  }
  return {
    ...resolved,
    country: (resolved.country ?? undefined) as CountryCode | undefined,
    region: resolved.region ?? undefined,
    emirate: resolved.emirate ?? undefined,
    industry_category: resolved.industry_category ?? undefined,
    local_service_category: resolved.local_service_category ?? undefined,
    local_service_subcategory: resolved.local_service_subcategory ?? undefined,
  };
}

export const MAX_HOURLY_RATE = 100_000;
export const searchMessages = {
  budgetOrder: jobMessages.budgetOrder,
  rateOrder: 'Maximum rate must be at least the minimum rate',
  nearPoint: 'A nearby search needs both near_lat and near_lng',
  distanceSort: 'Sorting by distance needs a point: near_lat and near_lng',
} as const;

/**
 * GET /search/jobs. Amounts are in the chosen country's currency (AED without a country). Places,
 * industries and services are ids or names; 'All GCC Countries' means every country, and an unknown
 * value is refused rather than ignored. `cursor` continues from a previous answer's `next_cursor` so
 * that deep pages cost what the first page costs; `skip` works up to 10,000.
 */
export const jobSearchParamsSchema = z
  .object({
    ...pageParams(50, PROJECT_PAGE_SIZE),
    cursor: optionalTextParam(400),
    sort_by: z.preprocess(emptyToUndefined, z.enum(jobSorts, { error: messages.invalidFormat }).default('created_at')),
    q: optionalTextParam(200),
    skills: optionalTextParam(300),
    job_type: z.preprocess(emptyToUndefined, z.enum(jobTypes, { error: messages.invalidFormat }).optional()),
    min_budget: optionalNumberParam(MAX_BUDGET),
    max_budget: optionalNumberParam(MAX_BUDGET),
    near_lat: optionalRangeParam(-90, 90),
    near_lng: optionalRangeParam(-180, 180),
    radius_km: optionalRangeParam(NEARBY_RADIUS_KM.min, NEARBY_RADIUS_KM.max),
    ...referenceParams,
  })
  .transform((params, context) => {
    // A point is whole or absent; a radius or the distance sort needs one.
    const { near_lat: lat, near_lng: lng } = params;
    const hasPoint = lat !== undefined && lng !== undefined;
    if ((lat === undefined) !== (lng === undefined) || (!hasPoint && params.radius_km !== undefined))
      context.addIssue({ code: 'custom', path: [lat === undefined ? 'near_lat' : 'near_lng'], message: searchMessages.nearPoint });
    if (!hasPoint && params.sort_by === 'distance')
      context.addIssue({ code: 'custom', path: ['sort_by'], message: searchMessages.distanceSort });
    return {
      ...resolveSearchFilters(params, context, {
        min: params.min_budget,
        max: params.max_budget,
        field: 'max_budget',
        message: searchMessages.budgetOrder,
      }),
      near: hasPoint ? { lat, lng, radiusKm: params.radius_km ?? NEARBY_RADIUS_KM.default } : undefined,
    };
  });
export type JobSearchParams = z.output<typeof jobSearchParamsSchema>;

/** GET /api/search/professionals. Rates are per hour in the chosen country's currency (AED without a country). */
export const professionalSearchParamsSchema = z
  .object({
    ...pageParams(50, PROFESSIONAL_PAGE_SIZE),
    sort_by: z.preprocess(emptyToUndefined, z.enum(professionalSorts, { error: messages.invalidFormat }).default('rating')),
    q: optionalTextParam(200),
    skills: optionalTextParam(300),
    min_rate: optionalNumberParam(MAX_HOURLY_RATE),
    max_rate: optionalNumberParam(MAX_HOURLY_RATE),
    ...referenceParams,
    show_location: queryFlag,
    /** Only professionals who verified their national identity ("Verified identity only"). */
    identity_verified: queryFlag,
  })
  .transform((params, context) =>
    resolveSearchFilters(params, context, {
      min: params.min_rate,
      max: params.max_rate,
      field: 'max_rate',
      message: searchMessages.rateOrder,
    }),
  );
export type ProfessionalSearchParams = z.output<typeof professionalSearchParamsSchema>;

/** A job as search cards show it (§3 Job, search card). Amounts are in `currency`, in major units. */
export const jobCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  is_featured: z.boolean(),
  featured_until: z.string().nullable(),
  is_urgent: z.boolean(),
  project_type: z.enum(jobTypes),
  job_type: z.enum(jobTypes),
  payment_method: z.enum(paymentMethods),
  country: z.string(),
  /** The emirate id for UAE jobs, otherwise null; `region` carries the subdivision in every country. */
  emirate: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  allow_remote: z.boolean(),
  location_required: z.boolean(),
  currency: z.string(),
  budget_min: z.number(),
  budget_max: z.number(),
  /** The budget in US dollars through the pegs, for the screens that show budgets in $. */
  budget_min_usd: z.number(),
  budget_max_usd: z.number(),
  proposal_count: z.number().int(),
  view_count: z.number().int(),
  industry_category: z.string().nullable(),
  local_service_category: z.string().nullable(),
  local_service_subcategory: z.string().nullable(),
  skills_required: z.array(z.string()),
  status: z.enum(jobStatuses),
  created_at: z.string(),
  start_date: z.string().nullable(),
  deadline: z.string().nullable(),
  /** In a nearby search: how far the project's place is from the point, to 0.1 km. */
  distance_km: z.number().optional(),
});
export type JobCard = z.infer<typeof jobCardSchema>;

export const jobSearchResponseSchema = z.object({
  jobs: z.array(jobCardSchema),
  /** Every matching open job, counted exactly (decision 22). */
  total: z.number().int(),
  next_cursor: z.string().nullable(),
});
export type JobSearchResponse = z.infer<typeof jobSearchResponseSchema>;

/** A proposal as its author sees it (without their own profile). */
export const ownProposalSchema = z.object({
  id: z.string(),
  job_id: z.string(),
  proposal_text: z.string(),
  /** Per hour for an hourly job, the whole price for a fixed-price one, in `currency` (the job's). */
  proposed_rate: z.number(),
  currency: z.string(),
  /** hourly: `proposed_rate` is per hour; fixed: it is the whole price. */
  job_type: z.enum(jobTypes),
  estimated_hours: z.number().int().nullable(),
  status: z.enum(proposalStatuses),
  created_at: z.string(),
});
export type OwnProposal = z.infer<typeof ownProposalSchema>;

/** What a professional sent with Express Interest; the rate is in the job's currency, as for proposals. */
export const interestDetailsSchema = z.object({
  message: z.string().nullable(),
  proposed_rate: z.number().nullable(),
  currency: z.string(),
  job_type: z.enum(jobTypes),
  availability_start: z.string().nullable(),
  estimated_duration: z.string().nullable(),
  /** Contact details in the message were hidden from the employer: no contract between the two is funded yet. */
  is_masked: z.boolean(),
  created_at: z.string(),
});
export type InterestDetails = z.infer<typeof interestDetailsSchema>;

/** GET /jobs/{id}: the card's fields plus the owner, and what the viewer may do with it. */
export const jobDetailSchema = jobCardSchema.extend({
  employer_id: z.string(),
  proposals_count: z.number().int(),
  /** Shown to the owner and to the hired professional only. */
  address: z.string().nullable(),
  /** To its owner, when staff took the project down: what they decided and why. */
  moderation: z.object({ status: z.enum(['suspended', 'blocked', 'removed']), reason: z.string().nullable() }).nullable(),
  employer_info: z.object({
    id: z.string(),
    name: z.string(),
    /** Only the owner sees the e-mail address. */
    email: z.string().nullable(),
    company: z.string().nullable(),
    account_status: z.string(),
    profile_picture: z.string().nullable(),
    /** What a professional weighs before proposing: how long the client has been here and what they did. */
    member_since: z.string(),
    projects_posted: z.number().int(),
    hires_made: z.number().int(),
    rating: z.number(),
    total_reviews: z.number().int(),
  }),
  viewer: z.object({
    is_owner: z.boolean(),
    has_proposal: z.boolean(),
    has_expressed_interest: z.boolean(),
    /** The viewer's own proposal on the project (withdrawn ones included), so they see its status and what they sent. */
    proposal: ownProposalSchema.nullable(),
    /** What the viewer sent with Express Interest. */
    interest: interestDetailsSchema.nullable(),
    /** The owner's invitation to the viewer, with its message. */
    invitation: z
      .object({
        message: z.string().nullable(),
        /** Contact details in the message were hidden: no contract between the two is funded yet. */
        is_masked: z.boolean(),
        created_at: z.string(),
      })
      .nullable(),
  }),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

/** GET /jobs/employer/my: the employer's own projects in every status, newest first, with their proposal counts. */
export const ownJobsParamsSchema = z.object(pageParams(100, 100));
/** GET /api/jobs: the projects one was hired on or hired for, of one status or kind when asked. */
export const hiredJobsParamsSchema = ownJobsParamsSchema.extend({
  status: z.enum(jobStatuses, { error: messages.invalidFormat }).optional(),
  job_type: z.enum(jobTypes, { error: messages.invalidFormat }).optional(),
});
export const ownJobsResponseSchema = z.object({ jobs: z.array(jobCardSchema), total: z.number().int(), has_next: z.boolean() });
export type OwnJobsResponse = z.infer<typeof ownJobsResponseSchema>;

/** The answer to an edit, a close or a reopen: the project as it now is. */
export const jobChangedSchema = z.object({
  job: jobDetailSchema,
  message: z.string(),
  moderation_message: z.string().nullable(),
});
export type JobChanged = z.infer<typeof jobChangedSchema>;

export const jobCreatedSchema = z.object({
  id: z.string(),
  message: z.string(),
  moderation_message: z.string().nullable(),
  featured_payment_required: z.boolean(),
  featured_payment_message: z.string().nullable(),
  featured_fee: z.number().nullable(),
  currency: z.string(),
  job: jobDetailSchema,
});
export type JobCreated = z.infer<typeof jobCreatedSchema>;

/** POST /proposals. The rate is in the job's currency: per hour for hourly jobs, the whole price for fixed-price ones (decision 16). */
export const proposalInputSchema = z.object({
  job_id: z.uuid({ message: messages.invalidFormat }),
  proposal_text: multiLineText(5000),
  proposed_rate: z.preprocess(
    readNumber,
    numberInput(true).pipe(z.number().min(0.01, messages.min(0.01)).max(MAX_BUDGET, messages.max(MAX_BUDGET))),
  ),
  estimated_hours: z.preprocess(
    (value) => readNumber(value) ?? null,
    z
      .number({ error: messages.validWholeNumber })
      .int(messages.validWholeNumber)
      .min(0, messages.min(0))
      .max(100_000, messages.max(100_000))
      .nullable(),
  ),
});
export type ProposalInput = z.input<typeof proposalInputSchema>;

/** GET /proposals/my: each of the professional's proposals with the project it went to, newest first. */
export const myProposalSchema = ownProposalSchema.extend({
  job: z.object({
    id: z.string(),
    title: z.string(),
    status: z.enum(jobStatuses),
    employer_id: z.string(),
    employer_name: z.string(),
  }),
});
export type MyProposal = z.infer<typeof myProposalSchema>;
export const myProposalsParamsSchema = z.object(pageParams(50, 20));
export const myProposalsResponseSchema = z.object({
  proposals: z.array(myProposalSchema),
  total: z.number().int(),
  has_next: z.boolean(),
});
export type MyProposalsResponse = z.infer<typeof myProposalsResponseSchema>;

/** A proposal as the project's owner reads it: the author's own view, where it stands for the owner, and who the author is. */
export const proposalSchema = ownProposalSchema.extend({
  /** Contact details in the text were hidden from the owner: no contract between the two is funded yet (decision 42). */
  is_masked: z.boolean(),
  stage: z.enum(proposalStages),
  worker: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    total_rating: z.number(),
    total_reviews: z.number().int(),
    bio: z.string().nullable(),
    skills: z.array(z.string()),
    profile_picture: z.string().nullable(),
    /** Verified their national identity (UAE PASS, Nafath): the provider, else null. */
    identity_verified: identityVerifiedSchema,
  }),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** An interest as the project's owner reads it, with the professional it came from. */
export const jobInterestSchema = interestDetailsSchema.extend({
  id: z.string(),
  worker: proposalSchema.shape.worker,
});
export type JobInterest = z.infer<typeof jobInterestSchema>;

/** GET /proposals/job/{id}: the owner's view of a project's proposals (withdrawn ones left out) and interests. */
export const jobProposalsResponseSchema = z.object({ proposals: z.array(proposalSchema), interests: z.array(jobInterestSchema) });

/** PUT /proposals/{id}/stage: the owner marks a pending proposal, or declines it. */
export const proposalStageInputSchema = z.object({ stage: z.enum(settableProposalStages, { error: messages.invalidFormat }) });

/** GET /proposals/received: the proposals on all of an employer's projects, newest first, of one stage when asked. */
export const receivedProposalsParamsSchema = z.object({ ...pageParams(50, 20), stage: z.enum(proposalStages).optional() });
export const receivedProposalSchema = proposalSchema.extend({
  job: z.object({ id: z.string(), title: z.string(), status: z.enum(jobStatuses) }),
});
export type ReceivedProposal = z.infer<typeof receivedProposalSchema>;
export const receivedProposalsResponseSchema = z.object({
  proposals: z.array(receivedProposalSchema),
  total: z.number().int(),
  has_next: z.boolean(),
});
export type ReceivedProposalsResponse = z.infer<typeof receivedProposalsResponseSchema>;
export type JobProposalsResponse = z.infer<typeof jobProposalsResponseSchema>;

/** POST /jobs/{id}/express-interest. */
export const expressInterestSchema = z.object({
  message: z.preprocess(emptyToUndefined, z.string().trim().max(2000, messages.maxLength(2000)).optional()),
  proposed_rate: z.preprocess(
    readNumber,
    numberInput(false)
      .pipe(z.number().min(0, messages.min(0)).max(100_000, messages.max(100_000)))
      .optional(),
  ),
  availability_start: optionalDate.optional(),
  estimated_duration: z.preprocess(
    emptyToUndefined,
    z.string().trim().max(60, messages.maxLength(60)).refine(isPlainLine, messages.invalidFormat).optional(),
  ),
});
export type ExpressInterestInput = z.input<typeof expressInterestSchema>;

/** POST /jobs/{id}/invitations: an employer invites a professional to one of their open projects. */
export const invitationInputSchema = z.object({
  professional_id: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .pipe(z.uuid({ message: messages.invalidFormat })),
  message: z.preprocess(emptyToUndefined, z.string().trim().max(1000, messages.maxLength(1000)).optional()),
});

export const notificationKinds = [
  'proposal_received',
  'interest_received',
  'proposal_accepted',
  'proposal_not_selected',
  'job_invitation',
  'job_closed',
  'job_reopened',
  'payment_setup',
  'escrow_funded',
  'milestone_submitted',
  'milestone_approved',
  'milestone_auto_approve_soon',
  'milestone_auto_approved',
  'dispute_opened',
  'dispute_resolved',
  'cash_marked',
  'cash_confirmed',
  'job_completed',
  'featured_active',
  'payout_paid',
  'payout_failed',
  'review_received',
  'timesheet_reviewed',
  'timesheet_auto_approved',
  'hours_paid',
  'proposal_declined',
  'project_taken_down',
  'project_reinstated',
  'new_conversation',
  'data_export_ready',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  message: z.string(),
  /** The app path the notification leads to. */
  link: z.string().nullable(),
  /** The names and titles the message was built from, so screens can say it in the reader's language. */
  params: z.record(z.string(), z.string()),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
