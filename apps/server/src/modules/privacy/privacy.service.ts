import { loginMessages, privacyMessages, type NotificationKind, type ServerMessage } from '@mihna/shared';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { hashSecret } from '../../lib/secrets.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { DataExportRow, PrivacyRepository } from './privacy.repository.ts';

const EXPORT_LIFETIME_MS = 7 * 24 * 3_600_000;
const EXPORT_BATCH = 5;
/** A pending export that failed this often is given up (and said so): something in it needs a person. */
const MOST_ATTEMPTS = 3;
export const ARCHIVE_FORMAT = 'mihna-data-export/1';

/** The name every deleted account shows where the records keep it. */
export interface DeletedName {
  first: string;
  last: string;
}

export interface PrivacyDependencies {
  db: Db;
  repository: PrivacyRepository;
  /** The users module: the account's row, locked, and its erasure (details wiped, picture deleted). */
  users: {
    lockUser(id: string, tx: Tx): Promise<{ id: string; email: string; deletedAt: Date | null } | undefined>;
    eraseAccount(id: string, erasure: { passwordHash: string; at: Date }, tx: Tx): Promise<unknown>;
  };
  deletedName: DeletedName;
  /**
   * What the other modules keep of a person that goes with their account, in its transaction: their
   * national identities, second factors and passkeys, saved bank accounts' IBANs, newsletter address.
   */
  forget: ((person: { id: string; email: string }, tx: Tx) => Promise<void>)[];
  /** Every session of the account ends with it (the auth module). */
  endSessionsOf: (userId: string, tx: Tx) => Promise<void>;
  /** What the account left open: its open projects close, telling their applicants, and its pending proposals are withdrawn. */
  jobState: { closeOpenJobsOf(employerId: string, at: Date, tx: Tx): Promise<{ id: string; title: string }[]> };
  proposals: {
    notifyPendingAuthors(job: { id: string; title: string }, kind: NotificationKind, employerName: string, tx: Tx): Promise<void>;
    withdrawAllOf(workerId: string, tx: Tx): Promise<void>;
  };
  notifications: {
    notify(
      event: { userId: string; kind: NotificationKind; link: string; params: Record<string, string>; email?: string },
      tx: Tx,
    ): Promise<void>;
    dispatchSoon(): Promise<void>;
  };
  /** The audit log (the admin module's), for what a user did to their own account. */
  audit: (entry: { action: string; userId: string; ipAddress: string | null; before: unknown }, tx: Tx) => Promise<void>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}

const toExportJson = (row: DataExportRow, now: Date) => ({
  id: row.id,
  status: row.expiresAt && row.expiresAt <= now ? ('expired' as const) : row.status,
  created_at: row.createdAt.toISOString(),
  ready_at: row.readyAt?.toISOString() ?? null,
  expires_at: row.expiresAt?.toISOString() ?? null,
  byte_size: row.byteSize,
});

/**
 * The data rights the law gives users (UAE and Saudi PDPL, GDPR): a copy of everything of theirs, made
 * in the background and offered for seven days; and the deletion of the account, refused while a
 * contract is in progress or money is still theirs, otherwise anonymised where the records must stay
 * (decision 38: the ledger, invoices and audit rows are kept).
 */
export function createPrivacyService(dependencies: PrivacyDependencies) {
  const { db, repository, users, deletedName, forget, endSessionsOf, jobState, proposals, notifications, audit, logger, clock } =
    dependencies;
  // The password of every erased account: its hash made once, outside any transaction, and known to no one.
  const unusablePassword = hashSecret(randomUUID());

  let building: Promise<void> | undefined;

  /** Makes one pending export: its archive, then the e-mail and the bell; a failure leaves it for the next run. */
  async function build(pending: { id: string; user_id: string; attempts: number }) {
    try {
      await transaction(db, async (tx) => {
        const archive = await repository.archiveOf(pending.user_id, tx);
        const now = clock();
        const expiresAt = new Date(now.getTime() + EXPORT_LIFETIME_MS);
        const body = JSON.stringify({ format: ARCHIVE_FORMAT, generated_at: now.toISOString(), ...archive }, null, 2);
        if (!(await repository.finishExport(pending, { archive: body, readyAt: now, expiresAt }, tx))) return;
        const email = (archive.account as { email?: string } | null)?.email;
        await notifications.notify(
          {
            userId: pending.user_id,
            kind: 'data_export_ready',
            link: '/settings/security#data',
            params: { date: expiresAt.toISOString().slice(0, 10) },
            ...(email ? { email } : {}),
          },
          tx,
        );
      });
    } catch (error) {
      logger.error({ err: error, exportId: pending.id }, 'a data export could not be made');
      if (pending.attempts >= MOST_ATTEMPTS) await transaction(db, (tx) => repository.finishExport(pending, { failed: true }, tx));
    }
  }

  /** Makes the pending exports now (after a request) and on the minute's task; one run at a time in a process. */
  function buildSoon(): Promise<void> {
    building ??= buildDue().finally(() => {
      building = undefined;
    });
    return building;
  }

  async function buildDue() {
    const claimed = await transaction(db, (tx) => repository.claimPending(EXPORT_BATCH, clock(), tx));
    for (const pending of claimed) await build(pending);
    if (claimed.length > 0) void notifications.dispatchSoon();
    await repository.dropExpiredArchives(clock());
  }

  /**
   * Erases an account (in the caller's transaction): refused with `refusals`' words while a contract is in
   * progress or money is still held for it; otherwise its details and picture go, it can never sign in
   * again, its sessions end, its open projects close and its pending proposals are withdrawn.
   */
  async function eraseAccount(person: { id: string; email: string }, refusals: { contracts: ServerMessage; money: ServerMessage }, tx: Tx) {
    const { id } = person;
    const open = await repository.openObligations(id, tx);
    if (open.contracts > 0) throw new AppError('conflict', refusals.contracts);
    if (open.money > 0) throw new AppError('conflict', refusals.money);
    const now = clock();
    for (const each of forget) await each(person, tx);
    await repository.removeExportsOf(id, tx);
    await users.eraseAccount(id, { passwordHash: await unusablePassword, at: now }, tx);
    await endSessionsOf(id, tx);
    for (const job of await jobState.closeOpenJobsOf(id, now, tx))
      await proposals.notifyPendingAuthors(job, 'job_closed', `${deletedName.first} ${deletedName.last}`, tx);
    await proposals.withdrawAllOf(id, tx);
  }

  return {
    eraseAccount,

    /** Asks for a copy of the user's data: made in the background, announced by e-mail and the bell. */
    async requestExport(userId: string, client: ClientInfo) {
      const created = await transaction(db, async (tx) => {
        const row = await repository.insertExport(userId, clock(), tx);
        if (row) await audit({ action: 'user.data_export_requested', userId, ipAddress: client.ipAddress, before: null }, tx);
        return row;
      });
      if (!created) throw new AppError('conflict', privacyMessages.exportPending);
      void buildSoon();
      return { message: privacyMessages.exportRequested, data_export: toExportJson(created, clock()) };
    },

    buildSoon,

    async listExports(userId: string) {
      const now = clock();
      return { data_exports: (await repository.listExports(userId, 10)).map((row) => toExportJson(row, now)) };
    },

    /** The archive, to its owner only, while its seven days last. */
    async download(userId: string, id: string) {
      const row = isRowId(id) ? await repository.findExport(userId, id) : undefined;
      if (!row) throw new AppError('not_found', privacyMessages.exportNotFound);
      if (row.status !== 'ready' || !row.archive) {
        if (row.status === 'pending') throw new AppError('conflict', privacyMessages.exportPending);
        throw new AppError('not_found', privacyMessages.exportExpired);
      }
      if (row.expiresAt && row.expiresAt <= clock()) throw new AppError('not_found', privacyMessages.exportExpired);
      return { filename: `mihna-data-${row.createdAt.toISOString().slice(0, 10)}.json`, body: row.archive };
    },

    /** Deletes the signed-in user's own account (after step-up): the same erasure as staff's, in the audit log. */
    async deleteOwnAccount(userId: string, client: ClientInfo) {
      await transaction(db, async (tx) => {
        const before = await users.lockUser(userId, tx);
        if (!before || before.deletedAt) throw new AppError('unauthorized', loginMessages.notAuthenticated);
        await eraseAccount(before, { contracts: privacyMessages.deleteActiveContract, money: privacyMessages.deleteMoneyLeft }, tx);
        await audit({ action: 'user.self_deleted', userId, ipAddress: client.ipAddress, before: { id: userId } }, tx);
      });
      void notifications.dispatchSoon();
      return { message: privacyMessages.deleted };
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
