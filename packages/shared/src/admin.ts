import { z } from 'zod';
import { messages } from './messages.ts';
import { emailAddress, singleLineText } from './text.ts';
import { canonicalRole, userRoles } from './accounts.ts';
import { secondFactorChallengeSchema } from './user.ts';
import {
  emptyToUndefined,
  isCalendarDate,
  jobStatuses,
  MAX_BUDGET,
  optionalNumberParam,
  optionalTextParam,
  wholeNumberParam,
} from './jobs.ts';
import { referenceMessages } from './reference-fields.ts';
import { resolveIndustry } from './reference/resolve.ts';
import { disputeDecisions, paymentStatusSchema } from './payments.ts';

/** Admin spec §5: the four staff roles, admin by default. */
/** What one movement of money was to the user it is listed for (the console's user transactions). */
export const userMovementTypes = [
  'escrow_funded',
  'released',
  'refunded',
  'service_fee',
  'featured_fee',
  'cash',
  'payout',
  'payout_returned',
  'second_charge',
  'second_charge_refunded',
] as const;
export type UserMovementType = (typeof userMovementTypes)[number];

export const adminRoles = ['super_admin', 'admin', 'support_staff', 'moderator'] as const;
export type AdminRole = (typeof adminRoles)[number];

/**
 * What an admin may do, one permission per kind of act (decision 36). Each admin route declares the
 * one it needs next to itself; the server checks it on every call.
 */
export const adminPermissions = [
  /** The Dashboard tab: revenue, commission and the platform's figures. */
  'view_analytics',
  /** Read users, their transactions and logins, projects and time logs, and export the time report. */
  'view_users',
  /** Suspend, block, reactivate or delete a platform user. */
  'manage_users',
  /** Reactivate, suspend, block or remove a project. */
  'moderate_content',
  /** Edit the site's interface settings. */
  'manage_content',
  /** Read the list of admins. */
  'view_admins',
  /** Create admins, change their passwords, roles, permissions and status, delete them: a super admin's alone. */
  'manage_admins',
  /** Read open disputes and resolve them by release, refund or split. */
  'resolve_disputes',
  /** Read the audit log of every admin action. */
  'view_audit_log',
  /** Read conversations that users reported (each read is in the audit log) and resolve the reports. */
  'review_reports',
  /** See the background tasks and their dead runs, and send a dead run again. */
  'run_operations',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

/**
 * Admin spec §6, as permissions: a super admin has them all (and always will: the check does not read
 * their list); an admin manages users and content and sees the admins; support staff see users and
 * analytics and change nothing; a moderator moderates projects and sees users.
 */
export const rolePermissions: Record<AdminRole, readonly AdminPermission[]> = {
  super_admin: adminPermissions,
  admin: ['view_users', 'manage_users', 'moderate_content', 'manage_content', 'view_admins', 'review_reports'],
  support_staff: ['view_users', 'view_analytics'],
  moderator: ['view_users', 'moderate_content', 'review_reports'],
};

/**
 * Managing admins is the super admin's role, never a permission granted to another (issue 13: only
 * super_admin manages admins): whoever could manage admins could make themselves a super admin.
 */
export const grantablePermissions = adminPermissions.filter((permission) => permission !== 'manage_admins');

/** Whether an admin of this role and list may do what `permission` covers. */
export const adminMay = (admin: { role: AdminRole; permissions: readonly string[] }, permission: AdminPermission) =>
  admin.role === 'super_admin' || (permission !== 'manage_admins' && admin.permissions.includes(permission));

/** Admin spec §4: active admins can be suspended or blocked; inactive ones reactivated. */
export const adminStatuses = ['active', 'suspended', 'blocked'] as const;
export type AdminStatus = (typeof adminStatuses)[number];
export const adminActions = ['suspend', 'reactivate', 'block'] as const;
export type AdminAction = (typeof adminActions)[number];

/** Admin spec §4: a platform user's account status, which staff set with a reason. */
export const userAccountStatuses = ['active', 'suspended', 'blocked'] as const;
export type UserAccountStatus = (typeof userAccountStatuses)[number];
/** What an admin action sets (§4: Reactivate sets active). */
export const statusOfAction: Record<AdminAction, UserAccountStatus> = { suspend: 'suspended', reactivate: 'active', block: 'blocked' };

/** Admin spec §4: staff's decision on a project; only an active one is listed and takes proposals. */
export const projectModerationStatuses = ['active', 'suspended', 'blocked', 'removed'] as const;
export type ProjectModerationStatus = (typeof projectModerationStatuses)[number];

/** Staff's reason for a status change, which the user or project owner is shown. */
export const STATUS_REASON_MAX = 500;
const statusReason = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(STATUS_REASON_MAX, messages.maxLength(STATUS_REASON_MAX));

/**
 * PUT /api/admin/users/{id}/status (§7): a platform user's `status` with its mandatory reason, or an
 * admin's `action` (suspend, reactivate or block), whose reason is optional.
 */
export const accountStatusChangeSchema = z.union(
  [
    z.object({ status: z.enum(userAccountStatuses, { error: messages.invalidFormat }), reason: statusReason }),
    z.object({ action: z.enum(adminActions, { error: messages.invalidFormat }), reason: statusReason.optional() }),
  ],
  { error: messages.invalidFormat },
);
export type AccountStatusChange = z.infer<typeof accountStatusChangeSchema>;

/** PUT /api/admin/projects/{id}/status (§7): the moderation status and its reason, which the owner is told. */
export const projectStatusChangeSchema = z.object({
  status: z.enum(projectModerationStatuses, { error: messages.invalidFormat }),
  reason: statusReason,
});

/** Admin spec §9: the minimum admin password length. */
export const ADMIN_PASSWORD_MIN = 6;
export const adminPasswordSchema = z
  .string({ error: messages.required })
  .min(1, messages.required)
  .min(ADMIN_PASSWORD_MIN, messages.minLength(ADMIN_PASSWORD_MIN))
  .max(128, messages.maxLength(128));

/** POST /api/admin/login. */
export const adminLoginSchema = z.object({
  email: emailAddress(),
  password: z.string({ error: messages.required }).min(1, messages.required).max(128, messages.maxLength(128)),
});
/**
 * An admin's login: a session, or (an admin with a second factor) the second step's challenge,
 * spent at POST /admin/login/second-factor. A session of an admin without a second factor says so:
 * until one is set up (POST /admin/account/totp, then /confirm) no other console call answers.
 */
export const adminSessionResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  second_factor_setup_required: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionResponseSchema>;
export const adminLoginResponseSchema = z.union([adminSessionResponseSchema, secondFactorChallengeSchema]);
export type AdminLoginResponse = z.infer<typeof adminLoginResponseSchema>;

/** Admin spec §3 Admin user, as the console reads it (never the password). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(adminRoles),
  permissions: z.array(z.enum(adminPermissions)),
  is_active: z.boolean(),
  status: z.enum(adminStatuses),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** The Admins tab's list: each admin, and whether it has set up two-step verification. */
export const adminListSchema = z.object({ admins: z.array(adminUserSchema.extend({ has_second_factor: z.boolean() })) });
export type AdminListEntry = z.infer<typeof adminListSchema>['admins'][number];

/** POST /api/admin/users/{id}/second-factor/reset: a super admin's reset of another admin's second factor, and why. */
export const secondFactorResetSchema = z.object({ reason: statusReason });

/** POST /api/admin/users: a new admin (§5: every field required, the role admin by default). */
export const createAdminSchema = z.object({
  email: emailAddress(),
  password: adminPasswordSchema,
  first_name: singleLineText(50),
  last_name: singleLineText(50),
  role: z.enum(adminRoles, { error: messages.invalidFormat }).default('admin'),
});
export const changeAdminPasswordSchema = z.object({ new_password: adminPasswordSchema });
/** PUT /api/admin/users/{id}/permissions: the role and its list, sent together (§6). */
export const adminPermissionsSchema = z.object({
  role: z.enum(adminRoles, { error: messages.invalidFormat }),
  permissions: z.array(z.enum(grantablePermissions, { error: messages.invalidFormat })).max(adminPermissions.length),
});
export const adminMessageSchema = z.object({ message: z.string() });

/** Money of one currency on the console's dashboard, as decimal amounts. */
const currencyFigures = z.object({
  currency: z.string(),
  total_settlement_value: z.number(),
  featured_posts_income: z.number(),
  platform_commission: z.number(),
});

/**
 * GET /api/admin/financial-stats: admin spec §3 Financial stats from the ledger, in AED (§9) at the
 * reference rates with each currency's own figures beside them, and the platform's live figures in
 * place of the spec's samples (decision 37).
 */
export const financialStatsSchema = z.object({
  total_projects: z.number().int(),
  /** Released to professionals through escrow (before the service fee) and cash milestones confirmed. */
  total_settlement_value: z.number(),
  featured_posts_income: z.number(),
  platform_commission: z.number(),
  currency: z.literal('AED'),
  by_currency: z.array(currencyFigures),
  users: z.object({
    total: z.number().int(),
    professionals: z.number().int(),
    employers: z.number().int(),
    /** Working on a contract now. */
    active_professionals: z.number().int(),
    /** With a project open or in progress. */
    active_employers: z.number().int(),
  }),
  /** Contracts completed of those that ended (completed or cancelled), as a percentage; null before any ended. */
  success_rate: z.number().nullable(),
  /** The last 12 months (Gulf time), oldest first: the platform's revenue (commission and featured fees, AED) and new accounts. */
  monthly: z.array(z.object({ month: z.string(), revenue: z.number(), new_users: z.number().int() })),
});
export type FinancialStats = z.infer<typeof financialStatsSchema>;

/** Admin spec §9: users, projects and time logs are listed 20 to a page, newest first. */
export const ADMIN_PAGE_SIZE = 20;

/** §3 Pagination, as every list of the console answers it. */
export const paginationSchema = z.object({
  skip: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  current_page: z.number().int(),
  total_pages: z.number().int(),
  has_prev: z.boolean(),
  has_next: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export function paginationOf(skip: number, limit: number, total: number): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    skip,
    limit,
    total,
    current_page: Math.floor(skip / limit) + 1,
    total_pages: totalPages,
    has_prev: skip > 0,
    has_next: skip + limit < total,
  };
}

/**
 * A console filter's industry, by its id or its English or Arabic name as every other input takes it
 * (decision 12: "Healthcare & Medical", "healthcare_medical", "الرعاية الصحية والطب"), read as the id.
 */
const industryParam = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .transform((value, context) => {
      const id = resolveIndustry(value);
      if (!id) context.addIssue({ code: 'custom', message: referenceMessages.industry });
      return id ?? value;
    })
    .optional(),
);

/** The list parameters every console list takes (§7): skip, limit (20), sort order. */
const listParams = {
  skip: wholeNumberParam(0, 1_000_000, 0),
  limit: wholeNumberParam(1, 100, ADMIN_PAGE_SIZE),
  sort_order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc'], { error: messages.invalidFormat }).default('desc')),
};

/** GET /api/admin/users: §7's query, the user type by any of its names (worker is a professional). */
export const adminUsersParamsSchema = z.object({
  ...listParams,
  sort_by: z.preprocess(emptyToUndefined, z.enum(['created_at'], { error: messages.invalidFormat }).default('created_at')),
  industry: industryParam,
  user_type: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((value, context) => {
        const role = canonicalRole(value);
        if (!role) context.addIssue({ code: 'custom', message: messages.invalidFormat });
        return role ?? 'professional';
      })
      .optional(),
  ),
  search: optionalTextParam(100),
});
export type AdminUsersParams = z.infer<typeof adminUsersParamsSchema>;

/** §3 User (admin list). Earnings are in AED at the reference rates (decision 37). */
export const adminUserRowSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(userRoles),
  user_type: z.enum(userRoles),
  industry_category: z.string().nullable(),
  selected_emirate: z.string().nullable(),
  total_earnings: z.number(),
  is_active: z.boolean(),
  account_status: z.enum(userAccountStatuses),
  /** Staff's reason for a suspension or block. */
  status_reason: z.string().nullable(),
  created_at: z.string(),
  last_login: z.string().nullable(),
  projects_posted: z.number().int(),
  projects_completed: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserRowSchema),
  pagination: paginationSchema,
  /** The summary cards: every account, whatever the filters. */
  summary: z.object({
    total: z.number().int(),
    professionals: z.number().int(),
    employers: z.number().int(),
    suspended: z.number().int(),
    blocked: z.number().int(),
  }),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** GET /api/admin/users/{id}/transactions: the detail modal's figures and the latest payments (§3 User details). */
export const adminUserDetailsSchema = z.object({
  user_info: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(userRoles),
    account_status: z.enum(userAccountStatuses),
    status_reason: z.string().nullable(),
    created_at: z.string(),
  }),
  /** AED at the reference rates (decision 37). */
  financial_summary: z.object({ total_earned: z.number(), total_spent: z.number(), currency: z.literal('AED') }),
  activity_summary: z.object({ projects_posted: z.number().int(), projects_worked: z.number().int() }),
  transactions: z.array(
    z.object({
      id: z.string(),
      /**
       * What the money did, as the ledger moved it (payments/user-movements.ts): escrow funded, released
       * (to the professional; what reached their balance after the fee, on their side), refunded, the
       * service fee, a featured fee, cash paid or received in person, a payout and a payout returned, and a
       * page paid when no longer needed with its refund.
       */
      type: z.enum(userMovementTypes),
      project_title: z.string(),
      created_at: z.string(),
      /** In `currency`. */
      amount: z.number(),
      currency: z.string(),
      /** completed, or a payout's requested, paid or failed. */
      status: z.string(),
      professional_id: z.string(),
    }),
  ),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

/** GET /api/admin/users/{id}/login-history: the latest sign-ins and failed attempts, newest first. */
export const adminLoginHistorySchema = z.object({
  login_history: z.array(
    z.object({
      id: z.string(),
      success: z.boolean(),
      login_time: z.string(),
      ip_address: z.string().nullable(),
      user_agent: z.string().nullable(),
      method: z.string(),
    }),
  ),
});
export type AdminLoginHistory = z.infer<typeof adminLoginHistorySchema>;

/**
 * What the Projects tab shows and filters by: staff's decision when they took a project down,
 * otherwise the project's own status (§4 lists both).
 */
export const projectStates = [...jobStatuses, 'suspended', 'blocked', 'removed'] as const;
export type ProjectState = (typeof projectStates)[number];

/** GET /api/admin/projects (§7): budgets in AED, compared at the reference rates. */
export const adminProjectsParamsSchema = z.object({
  ...listParams,
  sort_by: z.preprocess(emptyToUndefined, z.enum(['created_at'], { error: messages.invalidFormat }).default('created_at')),
  status: z.preprocess(emptyToUndefined, z.enum(projectStates, { error: messages.invalidFormat }).optional()),
  industry: industryParam,
  budget_min: optionalNumberParam(MAX_BUDGET),
  budget_max: optionalNumberParam(MAX_BUDGET),
  search: optionalTextParam(100),
});
export type AdminProjectsParams = z.infer<typeof adminProjectsParamsSchema>;

/** §3 Project (admin): budgets in the project's own currency. */
export const adminProjectRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  employer_id: z.string(),
  employer_name: z.string(),
  /** A project of an employer whose account is not active is not listed, whatever its state. */
  employer_account_status: z.enum(userAccountStatuses),
  status: z.enum(projectStates),
  /** The project's own status, whatever staff decided. */
  project_status: z.enum(jobStatuses),
  moderation_status: z.enum(projectModerationStatuses),
  moderation_reason: z.string().nullable(),
  industry_category: z.string().nullable(),
  job_type: z.enum(['hourly', 'fixed']),
  is_featured: z.boolean(),
  days_posted: z.number().int(),
  budget_min: z.number(),
  budget_max: z.number(),
  currency: z.string(),
  created_at: z.string(),
  proposal_count: z.number().int(),
  assigned_professional_name: z.string().nullable(),
});
export type AdminProjectRow = z.infer<typeof adminProjectRowSchema>;

export const adminProjectsResponseSchema = z.object({
  projects: z.array(adminProjectRowSchema),
  /** Every project, whatever the filters. */
  total: z.number().int(),
  /** The projects the filters match. */
  filtered: z.number().int(),
  pagination: paginationSchema,
  /** The summary cards: projects per state, whatever the filters. */
  summary: z.record(z.enum(projectStates), z.number().int()),
});
export type AdminProjectsResponse = z.infer<typeof adminProjectsResponseSchema>;

/** GET /api/admin/projects/{id}: the detail modal (§2 Projects). */
export const adminProjectDetailSchema = adminProjectRowSchema.extend({
  description: z.string(),
  proposals_count: z.number().int(),
  employer_info: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    company: z.string().nullable(),
    account_status: z.enum(userAccountStatuses),
  }),
  /** The project's public page, which the share buttons link to. */
  public_url: z.string(),
  /** Its payment once set up, as both parties see it: escrow held, released, refunded, and each milestone (split ones too). */
  payment: paymentStatusSchema.omit({ viewer_role: true, other_party_id: true, checkout_url: true }).nullable(),
});
export type AdminProjectDetail = z.infer<typeof adminProjectDetailSchema>;

/** Admin spec §4 Time log status: pending until the employer approves the week; disputed when they did not. */
export const timeLogStatuses = ['pending', 'approved', 'disputed'] as const;
export type TimeLogStatus = (typeof timeLogStatuses)[number];

const optionalDay = z.preprocess(emptyToUndefined, z.string().trim().refine(isCalendarDate, messages.invalidFormat).optional());

/** The time-tracking filters (§7), as the list takes them and the PDF report is made from. */
const timeTrackingFilters = {
  start_date: optionalDay,
  end_date: optionalDay,
  project_type: z.preprocess(emptyToUndefined, z.enum(['fixed', 'hourly'], { error: messages.invalidFormat }).optional()),
  status: z.preprocess(emptyToUndefined, z.enum(timeLogStatuses, { error: messages.invalidFormat }).optional()),
  professional_id: z.preprocess(emptyToUndefined, z.string().trim().max(64, messages.maxLength(64)).optional()),
  industry: industryParam,
  search: optionalTextParam(100),
};

/** GET /api/admin/time-tracking. Days are Gulf days (UTC+4), both ends included. */
export const adminTimeTrackingParamsSchema = z.object({
  ...listParams,
  sort_by: z.preprocess(emptyToUndefined, z.enum(['created_at', 'date'], { error: messages.invalidFormat }).default('date')),
  ...timeTrackingFilters,
});
export type AdminTimeTrackingParams = z.infer<typeof adminTimeTrackingParamsSchema>;

/** POST /api/admin/time-tracking/generate-pdf: the list's filters, and the report's language. */
export const timeReportRequestSchema = z.object({
  ...timeTrackingFilters,
  language: z.preprocess(emptyToUndefined, z.enum(['en', 'ar'], { error: messages.invalidFormat }).default('en')),
});
export type TimeReportRequest = z.infer<typeof timeReportRequestSchema>;

/** §3 Time log: money in the contract's currency. */
export const adminTimeLogSchema = z.object({
  id: z.string(),
  professional_id: z.string(),
  professional_name: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  description: z.string(),
  /** How long it lasted, to the second. */
  seconds: z.number().int(),
  /** seconds / 3600, not rounded: hours × hourly_rate is total_amount to the minor unit. */
  hours: z.number(),
  hourly_rate: z.number(),
  total_amount: z.number(),
  currency: z.string(),
  project_category: z.string().nullable(),
  /** The Gulf day it was worked. */
  date: z.string(),
  started_at: z.string(),
  created_at: z.string(),
  status: z.enum(timeLogStatuses),
});
export type AdminTimeLog = z.infer<typeof adminTimeLogSchema>;

/** The summary cards, over every entry the filters match; money in AED at the reference rates (decision 37). */
export const timeSummarySchema = z.object({
  total_seconds: z.number().int(),
  /** total_seconds / 3600, not rounded. */
  total_hours: z.number(),
  total_amount: z.number(),
  unique_professionals: z.number().int(),
  average_hourly_rate: z.number(),
  currency: z.literal('AED'),
});
export type TimeSummary = z.infer<typeof timeSummarySchema>;

export const adminTimeTrackingResponseSchema = z.object({
  time_logs: z.array(adminTimeLogSchema),
  summary: timeSummarySchema,
  pagination: paginationSchema,
});
export type AdminTimeTrackingResponse = z.infer<typeof adminTimeTrackingResponseSchema>;

/** The most entries one report lays out: past it, the filters must narrow it. */
export const TIME_REPORT_MAX_ENTRIES = 2000;

export const timeReportResponseSchema = z.object({
  success: z.boolean(),
  /** The PDF as a data: link, when made. */
  pdf_data: z.string().nullable(),
  filename: z.string(),
  entries_count: z.number().int(),
  message: z.string(),
});
export type TimeReportResponse = z.infer<typeof timeReportResponseSchema>;

/** POST /api/admin/disputes/{id}/resolve: release all that escrow holds, refund it, or split it with a note. */
export const disputeResolutionSchema = z.object({
  decision: z.enum(disputeDecisions, { error: messages.invalidFormat }),
  /** For a split: what goes to the professional, in the payment's currency; the rest is refunded. */
  release_amount: z.preprocess(emptyToUndefined, optionalNumberParam(MAX_BUDGET)),
  /** Mihna's decision as both parties read it (and, when the contract is ended, why). */
  note: z.string({ error: messages.required }).trim().min(1, messages.required).max(2000, messages.maxLength(2000)),
  /**
   * Also end the contract: what escrow holds for the other milestones goes back to the employer, the
   * milestones not funded are cancelled, and the project closes. Otherwise the contract goes on.
   */
  end_contract: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean().default(false)),
});
export type DisputeResolution = z.infer<typeof disputeResolutionSchema>;

const disputeMilestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  amount: z.number(),
  status: z.string(),
  /** Whether this milestone is the one in dispute (its money frozen); the others go on. */
  in_dispute: z.boolean(),
  /** Still held in escrow for it; what it released (before the fee) and refunded so far. */
  held: z.number(),
  released: z.number(),
  refunded: z.number(),
  submission_notes: z.string().nullable(),
  /** The links the professional submitted as the deliverables. */
  deliverable_urls: z.array(z.string()),
  reviewer_notes: z.string().nullable(),
});

/** An open dispute as staff weigh it: both parties, what was said, the milestones and the money held. */
export const adminDisputeSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  project_id: z.string(),
  project_title: z.string(),
  job_type: z.enum(['hourly', 'fixed']),
  employer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  professional: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  opened_by: z.enum(['employer', 'professional']),
  reason: z.string(),
  description: z.string(),
  opened_at: z.string(),
  currency: z.string(),
  total: z.number(),
  /** What escrow holds for the milestones in dispute: what a decision releases, refunds or splits. */
  held: z.number(),
  /** What escrow holds for the other milestones: refunded only if staff also end the contract. */
  other_held: z.number(),
  milestones: z.array(disputeMilestoneSchema),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;
export const adminDisputesResponseSchema = z.object({ disputes: z.array(adminDisputeSchema) });

/** GET /api/admin/audit-log: newest first, by kind of target or a part of the admin's address or the action. */
/** What the audit log's entries are about, for its filter. */
export const auditTargetTypes = ['user', 'admin', 'project', 'dispute', 'conversation', 'site_settings', 'task'] as const;

export const auditLogParamsSchema = z.object({
  skip: listParams.skip,
  limit: listParams.limit,
  target_type: z.preprocess(emptyToUndefined, z.enum(auditTargetTypes, { error: messages.invalidFormat }).optional()),
  search: optionalTextParam(100),
});
export type AuditLogParams = z.infer<typeof auditLogParamsSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  admin_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), pagination: paginationSchema });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** GET /api/admin/tasks: each background task, and the runs that spent their retries (newest first). */
export const adminTasksResponseSchema = z.object({
  tasks: z.array(
    z.object({
      name: z.string(),
      /** A cron expression in UTC, or null for a task that runs only when asked. */
      schedule: z.string().nullable(),
      queued: z.number().int(),
      active: z.number().int(),
      dead: z.number().int(),
    }),
  ),
  dead: z.array(
    z.object({
      id: z.string(),
      task: z.string(),
      error: z.string(),
      attempts: z.number().int(),
      failed_at: z.string(),
      first_queued_at: z.string(),
    }),
  ),
});
export type AdminTasksResponse = z.infer<typeof adminTasksResponseSchema>;
