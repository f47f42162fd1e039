import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from './jobs.schema.ts';
import type { Tx } from '../../db/transaction.ts';

/** What other modules need of a job to decide on it. */
const stateColumns = {
  id: jobs.id,
  employerId: jobs.employerId,
  title: jobs.title,
  status: jobs.status,
  moderationStatus: jobs.moderationStatus,
  moderationReason: jobs.moderationReason,
  /** Whether its employer's account is active (a suspended, blocked or deleted employer's projects take no one). */
  isEmployerActive: sql<boolean>`exists (select 1 from users u where u.id = ${jobs.employerId} and u.account_status = 'active' and u.deleted_at is null)`,
  country: jobs.country,
  region: jobs.region,
  paymentMethod: jobs.paymentMethod,
  currency: jobs.currency,
  jobType: jobs.jobType,
  budgetMaxMinor: jobs.budgetMaxMinor,
  budgetMinMinor: jobs.budgetMinMinor,
  featuredRequested: jobs.featuredRequested,
  featuredUntil: jobs.featuredUntil,
};
export type JobState = { [K in Exclude<keyof typeof stateColumns, 'isEmployerActive'>]: (typeof jobs.$inferSelect)[K] } & {
  isEmployerActive: boolean;
};

/** Whether the job takes proposals and hires: open, not taken down by staff, and its employer's account active. */
export const isTakingProposals = (job: Pick<JobState, 'status' | 'moderationStatus' | 'isEmployerActive'>) =>
  job.status === 'open' && job.moderationStatus === 'active' && job.isEmployerActive;

/**
 * The jobs module's writes that other modules ask for (proposals assign a job, payments complete
 * and feature one): only this module writes the `jobs` table.
 */
export function createJobState(db: Db) {
  return {
    async findJob(id: string, executor: Db = db): Promise<JobState | undefined> {
      const [row] = await executor.select(stateColumns).from(jobs).where(eq(jobs.id, id));
      return row;
    },

    /** Locks the job's row for the rest of the transaction, so status changes on one job happen in turn. */
    async lockJob(id: string, tx: Tx): Promise<JobState | undefined> {
      const [row] = await tx.select(stateColumns).from(jobs).where(eq(jobs.id, id)).for('update');
      return row;
    },

    findJobs: (ids: string[], executor: Db = db): Promise<JobState[]> =>
      ids.length === 0 ? Promise.resolve([]) : executor.select(stateColumns).from(jobs).where(inArray(jobs.id, ids)),

    async setJobStatus(id: string, status: JobState['status'], updatedAt: Date, tx: Tx) {
      await tx.update(jobs).set({ status, updatedAt }).where(eq(jobs.id, id));
    },

    /** Completes jobs: a statement to write with others (db/together.ts). */
    completeJobsStatement: (ids: string[], updatedAt: Date) =>
      ids.length > 0 ? db.update(jobs).set({ status: 'completed', updatedAt }).where(inArray(jobs.id, ids)).getSQL() : undefined,

    /** The count shown on cards: proposals that are not withdrawn. */
    async changeProposalCount(id: string, change: 1 | -1, tx: Tx) {
      await tx
        .update(jobs)
        .set({ proposalCount: sql`${jobs.proposalCount} + ${change}` })
        .where(eq(jobs.id, id));
    },

    /** Closes every open job of an employer (their account is being deleted); the jobs closed. */
    closeOpenJobsOf: (employerId: string, updatedAt: Date, tx: Tx) =>
      tx
        .update(jobs)
        .set({ status: 'closed', updatedAt })
        .where(and(eq(jobs.employerId, employerId), eq(jobs.status, 'open')))
        .returning({ id: jobs.id, title: jobs.title }),

    /** Staff's decision on the job (admin spec §4) and its reason; only an active job is listed. */
    async moderateJob(id: string, decision: { status: JobState['moderationStatus']; reason: string | null }, updatedAt: Date, tx: Tx) {
      await tx.update(jobs).set({ moderationStatus: decision.status, moderationReason: decision.reason, updatedAt }).where(eq(jobs.id, id));
    },

    /** Paid featuring: the job is listed first until `until`. */
    async featureJob(id: string, until: Date, updatedAt: Date, tx: Tx) {
      await tx.update(jobs).set({ featuredUntil: until, updatedAt }).where(eq(jobs.id, id));
    },
  };
}

export type JobStateService = ReturnType<typeof createJobState>;
