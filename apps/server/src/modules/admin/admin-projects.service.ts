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
  type ProjectModerationStatus,
  type ProjectState,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { rowsInOrder } from '../../db/rows.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DirectoryIndex } from '../../search/directory-index.ts';
import type { LiveIndex } from '../../search/live-index.ts';
import type { JobStateService } from '../jobs/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createAdminProjectsRepository, type ProjectRow } from './admin-projects.repository.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';
import { projectFacets } from './directory-indexes.ts';

const DAY_MS = 86_400_000;

const stateOf = (row: Pick<ProjectRow, 'status' | 'moderation_status'>): ProjectState =>
  row.moderation_status === 'active' ? row.status : row.moderation_status;

/**
 * Admin spec §2 Projects: the directory with its filters and pages, newest first, the detail modal,
 * and staff's decision on a project (Reactivate, Suspend, Block, Remove). A listing is searched, counted
 * and paged in the directory index (directory-indexes.ts); only its page's rows are read from the tables.
 */
export function createAdminProjectsService(dependencies: {
  db: Db;
  directory: LiveIndex<DirectoryIndex>;
  audit: AdminsRepository;
  jobState: JobStateService;
  users: UsersRepository;
  notifications: NotificationsService;
  /** The payment of a project, as both parties see it (the payments module's staff read). */
  payments: Pick<PaymentsService, 'describeForStaff'>;
  clock: () => Date;
}) {
  const { db, directory, audit, jobState, users, notifications, payments, clock } = dependencies;
  const repository = createAdminProjectsRepository(db);

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
    const row = await repository.findProject(id);
    if (!row) throw new AppError('not_found', adminMessages.projectNotFound);
    return row;
  }

  return {
    async list(actor: AdminActor, params: AdminProjectsParams): Promise<AdminProjectsResponse> {
      requirePermission(actor, 'view_users');
      // A budget range filter keeps the projects whose range meets it, compared in US cents (the reference rates).
      const usdCents = (aed: number | undefined) => (aed === undefined ? undefined : toUsdCents(money(Math.round(aed * 100), 'AED')));
      const [found, counts] = await Promise.all([
        directory.catchUp().then(() =>
          directory.index.search({
            term: params.search,
            facets: [
              ...(params.status ? [projectFacets.state(params.status)] : []),
              ...(params.industry ? [projectFacets.industry(params.industry)] : []),
            ],
            meets: { low: usdCents(params.budget_min), high: usdCents(params.budget_max) },
            newestFirst: params.sort_order !== 'asc',
            skip: params.skip,
            limit: params.limit,
          }),
        ),
        repository.stateCounts(),
      ]);
      const rows = await rowsInOrder(found.ids, repository.projectsByIds);
      const summary = Object.fromEntries(projectStates.map((state) => [state, 0])) as Record<ProjectState, number>;
      for (const row of counts) if (row.state in summary) summary[row.state] = row.projects;
      const total = Object.values(summary).reduce((sum, count) => sum + count, 0);
      // A project deleted since the index was read is not counted either.
      const filtered = found.total - (found.ids.length - rows.length);
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
      const payment = await payments.describeForStaff(row.id);
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
        payment,
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
