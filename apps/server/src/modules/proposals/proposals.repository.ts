import type { ProposalStage } from '@mihna/shared';
import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { jobInterests, jobInvitations, proposals } from './proposals.schema.ts';
import { users } from '../users/users.schema.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposal = typeof proposals.$inferInsert;
export type NewJobInterest = typeof jobInterests.$inferInsert;
export type NewJobInvitation = typeof jobInvitations.$inferInsert;

/** What a proposal shows of its worker, and what notifications need of a person. */
const personColumns = {
  id: users.id,
  role: users.role,
  accountStatus: users.accountStatus,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  totalRating: users.totalRating,
  totalReviews: users.totalReviews,
  bio: users.bio,
  skills: users.skills,
  profilePictureId: users.profilePictureId,
  country: users.country,
  emirate: users.emirate,
};
export type Person = { [K in keyof typeof personColumns]: (typeof users.$inferSelect)[K] };

export function createProposalsRepository(db: Db) {
  return {
    /** The viewer's own proposal and interest on a job, and the invitation they were sent to it. */
    async viewerRecords(jobId: string, userId: string) {
      const [[proposal], [interest], [invitation]] = await Promise.all([
        db
          .select()
          .from(proposals)
          .where(and(eq(proposals.jobId, jobId), eq(proposals.workerId, userId)))
          .limit(1),
        db
          .select()
          .from(jobInterests)
          .where(and(eq(jobInterests.jobId, jobId), eq(jobInterests.workerId, userId)))
          .limit(1),
        db
          .select({ message: jobInvitations.message, createdAt: jobInvitations.createdAt })
          .from(jobInvitations)
          .where(and(eq(jobInvitations.jobId, jobId), eq(jobInvitations.professionalId, userId)))
          .limit(1),
      ]);
      return { proposal, interest, invitation };
    },

    async findPerson(id: string, executor: Db = db): Promise<Person | undefined> {
      const [row] = await executor.select(personColumns).from(users).where(eq(users.id, id));
      return row;
    },

    /**
     * The new proposal, or undefined when the worker already has one on the job (the unique index
     * decides). A proposal its author withdrew is replaced by the new one, which is pending again.
     */
    async insertProposal(proposal: NewProposal, executor: Tx): Promise<ProposalRow | undefined> {
      const [row] = await executor
        .insert(proposals)
        .values(proposal)
        .onConflictDoUpdate({
          target: [proposals.jobId, proposals.workerId],
          set: {
            proposalText: proposal.proposalText,
            proposedAmountMinor: proposal.proposedAmountMinor,
            currency: proposal.currency,
            estimatedHours: proposal.estimatedHours,
            status: 'pending',
            // A new proposal starts without the owner's marks on the one withdrawn.
            reviewStage: null,
            createdAt: proposal.createdAt,
          },
          setWhere: eq(proposals.status, 'withdrawn'),
        })
        .returning();
      return row;
    },

    /** The person's row, share-locked for the rest of the transaction: a status change to it waits. */
    async lockPersonShared(id: string, executor: Tx): Promise<Person | undefined> {
      const [row] = await executor.select(personColumns).from(users).where(eq(users.id, id)).for('share');
      return row;
    },

    /** Withdraws every pending proposal of a worker; the jobs they were on, one per proposal. */
    async withdrawPendingOf(workerId: string, executor: Tx): Promise<{ jobId: string }[]> {
      return executor
        .update(proposals)
        .set({ status: 'withdrawn', reviewStage: null })
        .where(and(eq(proposals.workerId, workerId), eq(proposals.status, 'pending')))
        .returning({ jobId: proposals.jobId });
    },

    /** Withdraws a proposal that is still pending; undefined when it no longer is. */
    async withdrawProposal(id: string, executor: Tx): Promise<ProposalRow | undefined> {
      const [row] = await executor
        .update(proposals)
        .set({ status: 'withdrawn', reviewStage: null })
        .where(and(eq(proposals.id, id), eq(proposals.status, 'pending')))
        .returning();
      return row;
    },

    /** Marks every other pending proposal of the job not selected; answers their authors. */
    async declineOtherProposals(jobId: string, acceptedId: string, executor: Tx) {
      return executor
        .update(proposals)
        .set({ status: 'not_selected' })
        .where(and(eq(proposals.jobId, jobId), ne(proposals.id, acceptedId), eq(proposals.status, 'pending')))
        .returning({ id: proposals.id, workerId: proposals.workerId });
    },

    /** The authors of the job's pending proposals. */
    listPendingAuthors: (jobId: string, executor: Tx) =>
      executor
        .select({ workerId: proposals.workerId })
        .from(proposals)
        .where(and(eq(proposals.jobId, jobId), eq(proposals.status, 'pending'))),

    async findProposal(id: string, executor: Db = db): Promise<ProposalRow | undefined> {
      const [row] = await executor.select().from(proposals).where(eq(proposals.id, id));
      return row;
    },

    /** Accepts a proposal that is still pending; undefined when it no longer is. */
    async acceptProposal(id: string, acceptedAt: Date, executor: Tx): Promise<ProposalRow | undefined> {
      const [row] = await executor
        .update(proposals)
        .set({ status: 'accepted', acceptedAt })
        .where(and(eq(proposals.id, id), eq(proposals.status, 'pending')))
        .returning();
      return row;
    },

    /** A job's proposals with their workers, oldest first; a withdrawn proposal is as if never sent. */
    listProposalsForJob: (jobId: string) =>
      db
        .select({ proposal: proposals, worker: personColumns })
        .from(proposals)
        .innerJoin(users, eq(users.id, proposals.workerId))
        .where(and(eq(proposals.jobId, jobId), ne(proposals.status, 'withdrawn')))
        .orderBy(asc(proposals.createdAt), asc(proposals.id)),

    /** A job's interests with their workers, oldest first. */
    listInterestsForJob: (jobId: string) =>
      db
        .select({ interest: jobInterests, worker: personColumns })
        .from(jobInterests)
        .innerJoin(users, eq(users.id, jobInterests.workerId))
        .where(eq(jobInterests.jobId, jobId))
        .orderBy(asc(jobInterests.createdAt), asc(jobInterests.id)),

    /** One page of a professional's proposals with their projects, newest first, and how many there are. */
    async listWorkerProposals(workerId: string, page: { skip: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            proposal: proposals,
            job: { id: jobs.id, title: jobs.title, status: jobs.status, jobType: jobs.jobType, employerId: jobs.employerId },
            employer: { firstName: users.firstName, lastName: users.lastName, companyName: users.companyName },
          })
          .from(proposals)
          .innerJoin(jobs, eq(jobs.id, proposals.jobId))
          .innerJoin(users, eq(users.id, jobs.employerId))
          .where(eq(proposals.workerId, workerId))
          .orderBy(desc(proposals.createdAt), desc(proposals.id))
          .offset(page.skip)
          .limit(page.limit),
        db.select({ total: count() }).from(proposals).where(eq(proposals.workerId, workerId)),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** A pending proposal's owner mark, or its decline; undefined when it is no longer pending. */
    async markProposal(id: string, change: { reviewStage: 'reviewed' | 'shortlisted' | null } | { status: 'not_selected' }, executor: Tx) {
      const [row] = await executor
        .update(proposals)
        .set('status' in change ? { status: change.status, reviewStage: null } : change)
        .where(and(eq(proposals.id, id), eq(proposals.status, 'pending')))
        .returning();
      return row;
    },

    /** One page of the proposals on an employer's projects (not those withdrawn), newest first, of one stage when asked. */
    async listReceivedProposals(employerId: string, page: { skip: number; limit: number; stage?: ProposalStage }) {
      const conditions = [eq(jobs.employerId, employerId), ne(proposals.status, 'withdrawn')];
      if (page.stage === 'accepted') conditions.push(eq(proposals.status, 'accepted'));
      else if (page.stage === 'rejected') conditions.push(eq(proposals.status, 'not_selected'));
      else if (page.stage === 'pending') conditions.push(eq(proposals.status, 'pending'), isNull(proposals.reviewStage));
      else if (page.stage) conditions.push(eq(proposals.status, 'pending'), eq(proposals.reviewStage, page.stage));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            proposal: proposals,
            worker: personColumns,
            job: { id: jobs.id, title: jobs.title, status: jobs.status, jobType: jobs.jobType },
          })
          .from(proposals)
          .innerJoin(jobs, eq(jobs.id, proposals.jobId))
          .innerJoin(users, eq(users.id, proposals.workerId))
          .where(where)
          .orderBy(desc(proposals.createdAt), desc(proposals.id))
          .offset(page.skip)
          .limit(page.limit),
        db.select({ total: count() }).from(proposals).innerJoin(jobs, eq(jobs.id, proposals.jobId)).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The new interest's id; undefined when the professional had already shown interest in the job. */
    async insertInterest(interest: NewJobInterest, executor: Tx) {
      const [inserted] = await executor.insert(jobInterests).values(interest).onConflictDoNothing().returning({ id: jobInterests.id });
      return inserted?.id;
    },

    /** True when stored; false when the professional had already been invited to the job. */
    async insertInvitation(invitation: NewJobInvitation, executor: Tx) {
      const inserted = await executor.insert(jobInvitations).values(invitation).onConflictDoNothing().returning({ id: jobInvitations.id });
      return inserted.length > 0;
    },

    /** Of these jobs, the ones that exist, each with whether the user posted it (for the access rules). */
    async jobOwnerGrants(userId: string, jobIds: readonly string[]) {
      const rows = await db
        .select({ id: jobs.id, employerId: jobs.employerId })
        .from(jobs)
        .where(inArray(jobs.id, [...jobIds]));
      return new Map(rows.map((row) => [row.id, row.employerId === userId]));
    },

    /** Of these proposals, the ones that exist, each with whether the user wrote it. */
    async authorGrants(userId: string, proposalIds: readonly string[]) {
      const rows = await db
        .select({ id: proposals.id, workerId: proposals.workerId })
        .from(proposals)
        .where(inArray(proposals.id, [...proposalIds]));
      return new Map(rows.map((row) => [row.id, row.workerId === userId]));
    },

    /** Of these proposals, the ones that exist, each with whether the user posted its job. */
    async proposalJobOwnerGrants(userId: string, proposalIds: readonly string[]) {
      const rows = await db
        .select({ id: proposals.id, employerId: jobs.employerId })
        .from(proposals)
        .leftJoin(jobs, eq(jobs.id, proposals.jobId))
        .where(inArray(proposals.id, [...proposalIds]));
      return new Map(rows.map((row) => [row.id, row.employerId === userId]));
    },
  };
}

export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;

/** Demo proposals in bulk, as the seeds write them (seed/demo-marketplace.ts): the rows written. */
export const insertProposals = (tx: Tx, rows: NewProposal[]) => tx.insert(proposals).values(rows).returning();
