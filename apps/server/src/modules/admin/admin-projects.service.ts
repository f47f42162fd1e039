import {
  adminMessages,
  money,
  paginationOf,
  projectStates,
  toDecimal,
  toUsdCents,
  type AdminProjectDetail,
  type AdminProjectRow,
  type AdminProjectsParams,
  type AdminProjectsResponse,
  type CurrencyCode,
  type JobStatus,
  type ProjectModerationStatus,
  type ProjectState,
  type UserAccountStatus,
} from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobStateService } from '../jobs/job-state.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';
import { likePattern } from './like-pattern.ts';

interface ProjectRow {
  id: string;
  title: string;
  employer_id: string;
  employer_name: string;
  employer_account_status: UserAccountStatus;
  status: JobStatus;
  moderation_status: ProjectModerationStatus;
  moderation_reason: string | null;
  industry_category: string | null;
  job_type: 'hourly' | 'fixed';
  featured_until: string | Date | null;
  budget_min_minor: string;
  budget_max_minor: string;
  currency: string;
  created_at: string | Date;
  proposal_count: number;
  assigned_professional_name: string | null;
}

const DAY_MS = 86_400_000;

const stateOf = (row: Pick<ProjectRow, 'status' | 'moderation_status'>): ProjectState =>
  row.moderation_status === 'active' ? row.status : row.moderation_status;

/** A project row's columns, the hired professional's name with them. */
const projectColumns = sql`j.id, j.title, j.employer_id, trim(e.first_name || ' ' || e.last_name) as employer_name, e.account_status as employer_account_status, j.status,
  j.moderation_status, j.moderation_reason, j.industry_category, j.job_type, j.featured_until,
  j.budget_min_minor::text as budget_min_minor, j.budget_max_minor::text as budget_max_minor, j.currency, j.created_at, j.proposal_count,
  (select trim(w.first_name || ' ' || w.last_name) from contracts k join users w on w.id = k.professional_id
    where k.job_id = j.id order by k.created_at desc limit 1) as assigned_professional_name`;

/**
 * Admin spec §2 Projects: the directory with its filters and pages, newest first, the detail modal,
 * and staff's decision on a project (Reactivate, Suspend, Block, Remove). A listing walks and counts the
 * narrow rows of project_directory and reads the wide rows of its page only (migration 0029).
 */
export function createAdminProjectsService(dependencies: {
  db: Db;
  audit: AdminsRepository;
  jobState: JobStateService;
  users: UsersRepository;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, audit, jobState, users, notifications, clock } = dependencies;

  function toRow(row: ProjectRow, now: Date): AdminProjectRow {
    const currency = row.currency as CurrencyCode;
    const createdAt = new Date(row.created_at);
    return {
      id: row.id,
      title: row.title,
      employer_id: row.employer_id,
      employer_name: row.employer_name,
      employer_account_status: row.employer_account_status,
      status: stateOf(row),
      project_status: row.status,
      moderation_status: row.moderation_status,
      moderation_reason: row.moderation_reason,
      industry_category: row.industry_category,
      job_type: row.job_type,
      is_featured: row.featured_until !== null && new Date(row.featured_until) > now,
      days_posted: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS)),
      budget_min: toDecimal(money(Number(row.budget_min_minor), currency)),
      budget_max: toDecimal(money(Number(row.budget_max_minor), currency)),
      currency,
      created_at: createdAt.toISOString(),
      proposal_count: row.proposal_count,
      assigned_professional_name: row.assigned_professional_name,
    };
  }

  async function findProject(id: string) {
    const [row] = await rowsOf<
      ProjectRow & { description: string; email: string; company_name: string | null; account_status: UserAccountStatus }
    >(
      db,
      sql`select ${projectColumns}, j.description, e.email, e.company_name, e.account_status
        from jobs j join users e on e.id = j.employer_id where j.id = ${id}`,
    );
    if (!row) throw new AppError('not_found', adminMessages.projectNotFound);
    return row;
  }

  return {
    async list(actor: AdminActor, params: AdminProjectsParams): Promise<AdminProjectsResponse> {
      requirePermission(actor, 'view_users');
      const filters: SQL[] = [];
      if (params.status) filters.push(sql`state = ${params.status}`);
      if (params.industry) filters.push(sql`industry_category = ${params.industry}`);
      // A budget range filter keeps the projects whose range meets it, compared in US cents (the reference rates).
      if (params.budget_min !== undefined)
        filters.push(sql`budget_max_usd >= ${toUsdCents(money(Math.round(params.budget_min * 100), 'AED'))}`);
      if (params.budget_max !== undefined)
        filters.push(sql`budget_min_usd <= ${toUsdCents(money(Math.round(params.budget_max * 100), 'AED'))}`);
      if (params.search) filters.push(sql`search_text like lower(${likePattern(params.search)})`);
      const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const direction = params.sort_order === 'asc' ? sql`asc` : sql`desc`;
      const isCountKept = filters.length === 0 || (filters.length === 1 && params.status !== undefined);
      const [rows, counts, matched] = await Promise.all([
        rowsOf<ProjectRow>(
          db,
          sql`with page as (select id, created_at from project_directory ${where}
              order by created_at ${direction}, id ${direction} offset ${params.skip} limit ${params.limit})
            select ${projectColumns} from page join jobs j on j.id = page.id join users e on e.id = j.employer_id
            order by page.created_at ${direction}, page.id ${direction}`,
        ),
        rowsOf<{ state: ProjectState; projects: number }>(db, sql`select state, projects::int as projects from project_counts`),
        isCountKept ? undefined : rowsOf<{ total: number }>(db, sql`select count(*)::int as total from project_directory ${where}`),
      ]);
      const summary = Object.fromEntries(projectStates.map((state) => [state, 0])) as Record<ProjectState, number>;
      for (const row of counts) if (row.state in summary) summary[row.state] = row.projects;
      const total = Object.values(summary).reduce((sum, count) => sum + count, 0);
      const filtered = matched ? (matched[0]?.total ?? 0) : params.status ? summary[params.status] : total;
      const now = clock();
      return {
        projects: rows.map((row) => toRow(row, now)),
        total,
        filtered,
        pagination: paginationOf(params.skip, params.limit, filtered),
        summary,
      };
    },

    async detail(actor: AdminActor, id: string): Promise<AdminProjectDetail> {
      requirePermission(actor, 'view_users');
      const row = await findProject(id);
      return {
        ...toRow(row, clock()),
        description: row.description,
        proposals_count: row.proposal_count,
        employer_info: {
          id: row.employer_id,
          name: row.employer_name,
          email: row.email,
          company: row.company_name,
          account_status: row.employer_account_status,
        },
        public_url: `/projects/${row.id}`,
      };
    },

    /**
     * Staff's decision on a project, with its reason: anything but active takes it out of search and
     * stops proposals and hiring on it (migration 0028); its owner is told why.
     */
    async changeStatus(actor: AdminActor, id: string, change: { status: ProjectModerationStatus; reason: string }) {
      requirePermission(actor, 'moderate_content');
      await transaction(db, async (tx) => {
        const before = await jobState.lockJob(id, tx);
        if (!before) throw new AppError('not_found', adminMessages.projectNotFound);
        const isActive = change.status === 'active';
        const reason = isActive ? null : change.reason;
        await jobState.moderateJob(id, { status: change.status, reason }, clock(), tx);
        await audit.insertAudit(
          auditEntry(actor, {
            action: `project.${change.status}`,
            targetType: 'project',
            targetId: id,
            reason: change.reason,
            before: { moderation_status: before.moderationStatus, moderation_reason: before.moderationReason },
            after: { moderation_status: change.status, moderation_reason: reason },
          }),
          tx,
        );
        if (before.moderationStatus !== change.status) {
          const owner = await users.findUserById(before.employerId, tx);
          await notifications.notify(
            {
              userId: before.employerId,
              kind: isActive ? 'project_reinstated' : 'project_taken_down',
              link: `/projects/${id}`,
              params: { job_title: before.title, ...(isActive ? {} : { reason: change.reason }) },
              email: owner?.email,
            },
            tx,
          );
        }
      });
      void notifications.dispatchSoon();
      return { message: adminMessages.projectStatusChanged(change.status) };
    },
  };
}

export type AdminProjectsService = ReturnType<typeof createAdminProjectsService>;
