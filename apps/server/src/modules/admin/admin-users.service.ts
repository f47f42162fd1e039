import {
  adminMessages,
  paginationOf,
  sumConverted,
  toDecimal,
  type AdminLoginHistory,
  type AdminUserDetails,
  type AdminUserRow,
  type CurrencyCode,
  type AdminUsersParams,
  type AdminUsersResponse,
  type UserAccountStatus,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { rowsInOrder } from '../../db/rows.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { listUserMovements } from '../payments/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DirectoryIndex } from '../../search/directory-index.ts';
import type { LiveIndex } from '../../search/live-index.ts';
import type { SessionsService } from '../auth/index.ts';
import type { PrivacyService } from '../privacy/index.ts';
import { type UserRow, type UsersRepository, type UsersService } from '../users/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createAdminUsersRepository, type AdminUsersRepository, type UserListRow } from './admin-users.repository.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';
import { userFacets } from './directory-indexes.ts';

const iso = (value: string | Date) => new Date(value).toISOString();

/** The detail calls answer this many rows; the modal shows the first 5 (admin spec §9). */
const USER_DETAIL_ROWS = 20;

/**
 * What the audit log keeps of a user before and after a change: their status, never their personal
 * details, which the log (that cannot be changed) would keep after the user is deleted.
 */
const auditView = (row: UserRow) => ({ role: row.role, account_status: row.accountStatus, status_reason: row.statusReason });

/** A user as the directory lists them. */
const toUserRow = (row: UserListRow): AdminUserRow => ({
  id: row.id,
  full_name: `${row.first_name} ${row.last_name}`.trim(),
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  role: row.role,
  user_type: row.role,
  industry_category: row.industry_category,
  selected_emirate: row.emirate,
  // What reached the user in each currency, in AED at the reference rates (decision 37).
  total_earnings: toDecimal(sumConverted(row.earnings, 'AED')),
  is_active: row.account_status === 'active',
  account_status: row.account_status,
  status_reason: row.status_reason,
  created_at: iso(row.created_at),
  last_login: row.last_login ? iso(row.last_login) : null,
  projects_posted: row.projects_posted,
  projects_completed: row.projects_completed,
});

/** The summary cards, from the users counted per role and status. */
function summaryOf(counts: { role: string; account_status: string; users: number }[]) {
  const sum = (keep: (row: (typeof counts)[number]) => boolean) => counts.filter(keep).reduce((total, row) => total + row.users, 0);
  return {
    total: sum(() => true),
    professionals: sum((row) => row.role === 'professional'),
    employers: sum((row) => row.role === 'employer'),
    suspended: sum((row) => row.account_status === 'suspended'),
    blocked: sum((row) => row.account_status === 'blocked'),
  };
}

/** Who the user is, for the detail modal. */
const toUserInfo = (user: UserRow) => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
  email: user.email,
  role: user.role,
  account_status: user.accountStatus,
  status_reason: user.statusReason,
  created_at: user.createdAt.toISOString(),
});

/** One of the user's payments, as the detail modal lists it. */
const toTransaction = (movement: Awaited<ReturnType<typeof listUserMovements>>[number]) => ({
  id: movement.id,
  type: movement.type,
  project_title: movement.jobTitle ?? '',
  created_at: movement.createdAt.toISOString(),
  amount: toDecimal({ minor: movement.amountMinor, currency: movement.currency as CurrencyCode }),
  currency: movement.currency,
  status: movement.status,
  professional_id: movement.professionalId ?? '',
});

/** A sign-in or a failed attempt, as the login history lists it. */
const toLoginEvent = (row: Awaited<ReturnType<AdminUsersRepository['loginHistory']>>[number]) => ({
  id: row.id,
  success: row.success,
  login_time: iso(row.created_at),
  ip_address: row.ip_address,
  user_agent: row.user_agent,
  method: row.method,
});

/**
 * Admin spec §2 Users: the directory with its filters and pages, newest first, and the summary cards.
 * A listing is searched, counted and paged in the directory index (directory-indexes.ts): a search
 * finds a part of a name or an e-mail address anywhere in it; only its page's users are read from the
 * tables. The summary cards read the counts a trigger keeps (user_counts, migration 0027).
 */
export function createAdminUsersService(dependencies: {
  db: Db;
  directory: LiveIndex<DirectoryIndex>;
  /** The users module's reads of an account. */
  users: Pick<UsersRepository, 'findUserById' | 'lockUser'>;
  /** The users module's changes to an account: users are written there. */
  accounts: Pick<UsersService, 'setAccountStatus'>;
  /** The privacy module's erasure of an account, the same for staff's deletion and the user's own. */
  erasure: Pick<PrivacyService, 'eraseAccount'>;
  sessions: SessionsService;
  audit: AdminsRepository;
  clock: () => Date;
}) {
  const { db, directory, users, accounts, erasure, sessions, audit, clock } = dependencies;
  const repository = createAdminUsersRepository(db);

  /** The platform user to change, locked; a deleted one is no longer there. */
  async function lockLiveUser(id: string, tx: Tx) {
    const row = await users.lockUser(id, tx);
    if (!row || row.deletedAt) throw new AppError('not_found', adminMessages.userNotFound);
    return row;
  }

  return {
    /**
     * Admin spec §4: active, suspended or blocked, with staff's reason. A suspended or blocked user's
     * sessions end in the same transaction, the reason is shown when they next try to sign in, and an
     * employer's open projects leave search (migration 0028's trigger) until the account is active again.
     */
    async changeStatus(actor: AdminActor, id: string, change: { status: UserAccountStatus; reason: string }) {
      requirePermission(actor, 'manage_users');
      await transaction(db, async (tx) => {
        const before = await lockLiveUser(id, tx);
        const isActive = change.status === 'active';
        const after = await accounts.setAccountStatus(id, change, clock(), tx);
        if (!after) throw new AppError('not_found', adminMessages.userNotFound);
        if (!isActive) await sessions.revokeAllSessions(id, tx);
        await audit.insertAudit(
          auditEntry(actor, {
            action: `user.${change.status}`,
            targetType: 'user',
            targetId: id,
            reason: change.reason,
            before: auditView(before),
            after: auditView(after),
          }),
          tx,
        );
      });
      return { message: adminMessages.userStatusChanged(change.status) };
    },

    /**
     * The detail modal's figures (§3 User details): who they are, what they earned and spent (AED at the
     * reference rates), what they posted and worked on, and their latest payments, newest first.
     */
    async details(actor: AdminActor, id: string): Promise<AdminUserDetails> {
      requirePermission(actor, 'view_users');
      const user = await users.findUserById(id);
      if (!user || user.deletedAt) throw new AppError('not_found', adminMessages.userNotFound);
      const [summary, movements] = await Promise.all([repository.figures(id), listUserMovements(db, id, USER_DETAIL_ROWS)]);
      return {
        user_info: toUserInfo(user),
        financial_summary: {
          total_earned: toDecimal(sumConverted(summary?.earned ?? [], 'AED')),
          total_spent: toDecimal(sumConverted(summary?.spent ?? [], 'AED')),
          currency: 'AED',
        },
        activity_summary: { projects_posted: summary?.projects_posted ?? 0, projects_worked: summary?.projects_worked ?? 0 },
        transactions: movements.map(toTransaction),
      };
    },

    /** The user's latest sign-ins and failed attempts, newest first (§3 login history). */
    async loginHistory(actor: AdminActor, id: string): Promise<AdminLoginHistory> {
      requirePermission(actor, 'view_users');
      const user = await users.findUserById(id);
      if (!user || user.deletedAt) throw new AppError('not_found', adminMessages.userNotFound);
      const rows = await repository.loginHistory(id, USER_DETAIL_ROWS);
      return {
        login_history: rows.map(toLoginEvent),
      };
    },

    /**
     * Deletes a platform user (decision 38): their personal details are wiped and they can never sign in
     * again, but the row stays, anonymised, for the contracts, payments and ledger entries that name it.
     * Refused while a contract is in progress or money is still theirs on the platform.
     */
    async remove(actor: AdminActor, id: string) {
      requirePermission(actor, 'manage_users');
      await transaction(db, async (tx) => {
        const before = await lockLiveUser(id, tx);
        await erasure.eraseAccount(before, { contracts: adminMessages.userHasActiveContract, money: adminMessages.userHasMoney }, tx);
        await audit.insertAudit(
          auditEntry(actor, { action: 'user.deleted', targetType: 'user', targetId: id, before: auditView(before), after: null }),
          tx,
        );
      });
      return { message: adminMessages.userDeleted };
    },

    async list(actor: AdminActor, params: AdminUsersParams): Promise<AdminUsersResponse> {
      requirePermission(actor, 'view_users');
      const [found, counts] = await Promise.all([
        directory.catchUp().then(() =>
          directory.index.search({
            term: params.search,
            facets: [
              ...(params.user_type ? [userFacets.role(params.user_type)] : []),
              ...(params.industry ? [userFacets.industry(params.industry)] : []),
            ],
            newestFirst: params.sort_order !== 'asc',
            skip: params.skip,
            limit: params.limit,
          }),
        ),
        repository.userCounts(),
      ]);
      const rows = await rowsInOrder(found.ids, repository.usersByIds);
      return {
        users: rows.map(toUserRow),
        // A user deleted since the index was read is not counted either.
        pagination: paginationOf(params.skip, params.limit, found.total - (found.ids.length - rows.length)),
        summary: summaryOf(counts),
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
