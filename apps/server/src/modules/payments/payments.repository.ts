import { settledMilestoneStatuses, type Money } from '@mihna/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { contracts } from '../contracts/contracts.schema.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { checkouts, disputes, ledgerHolds, milestones, payments, providerEvents, type DisputeResolutionPlan } from './payments.schema.ts';
import { users } from '../users/users.schema.ts';
import type { Tx } from '../../db/transaction.ts';
import { storedAmount } from './stored-amount.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type MilestoneRow = typeof milestones.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;
/** A milestone as the plan or a week's bill writes it: its amount as Money, kept in the row's two columns. */
export type NewMilestone = Omit<typeof milestones.$inferInsert, 'amountMinor' | 'currency'> & { amount: Money };
type MilestoneChanges = Partial<Omit<typeof milestones.$inferInsert, 'amountMinor' | 'currency'>> & { amount?: Money };

/** The payments themselves: found, locked, made, and their status and total. */
function paymentRows(db: Db) {
  return {
    async findPaymentByJob(jobId: string, executor: Db = db) {
      const [row] = await executor.select().from(payments).where(eq(payments.jobId, jobId));
      return row;
    },

    async findPayment(id: string, executor: Db = db) {
      const [row] = await executor.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /** Every change to a payment's money happens under this lock, so they happen in turn. */
    async lockPayment(id: string, tx: Tx) {
      const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
      return row;
    },

    async insertPayment(payment: typeof payments.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(payments).values(payment).onConflictDoNothing().returning();
      return row;
    },

    async setPaymentStatus(id: string, status: PaymentRow['status'], updatedAt: Date, tx: Tx) {
      await tx.update(payments).set({ status, updatedAt }).where(eq(payments.id, id));
    },

    /** A milestone plan changed: the payment's total is again what its milestones (but those cancelled) add up to. */
    async setPaymentTotal(id: string, status: PaymentRow['status'], updatedAt: Date, tx: Tx) {
      await tx
        .update(payments)
        .set({
          status,
          updatedAt,
          totalMinor: sql`(select coalesce(sum(${milestones.amountMinor}), 0) from ${milestones}
            where ${milestones.paymentId} = ${id} and ${milestones.status} <> 'cancelled')`,
        })
        .where(eq(payments.id, id));
    },

    /** An hourly contract's new weekly bill (in the payment's currency): added to the payment's total, with the status it leaves. */
    async addToPayment(id: string, amount: Money, status: PaymentRow['status'], updatedAt: Date, tx: Tx) {
      await tx
        .update(payments)
        .set({ totalMinor: sql`${payments.totalMinor} + ${amount.minor}`, status, updatedAt })
        .where(eq(payments.id, id));
    },

    /** Releases payments: a statement to write with others (db/together.ts). */
    releasePaymentsStatement: (ids: string[], updatedAt: Date) =>
      ids.length > 0 ? db.update(payments).set({ status: 'released', updatedAt }).where(inArray(payments.id, ids)).getSQL() : undefined,

    /** Of these payments, those whose every milestone is approved. */
    async listSettledPayments(paymentIds: string[], tx: Tx) {
      if (paymentIds.length === 0) return [];
      const rows = await tx
        .select({ paymentId: milestones.paymentId })
        .from(milestones)
        .where(inArray(milestones.paymentId, paymentIds))
        .groupBy(milestones.paymentId)
        .having(sql`bool_and(${inArray(milestones.status, [...settledMilestoneStatuses])})`);
      return rows.map((row) => row.paymentId);
    },
  };
}

/** A payment's milestones: planned, locked, submitted, approved and put on hold. */
function milestoneRows(db: Db) {
  return {
    async insertMilestones(rows: NewMilestone[], tx: Tx) {
      return tx
        .insert(milestones)
        .values(rows.map(({ amount, ...row }) => ({ ...row, ...storedAmount(amount) })))
        .returning();
    },

    listMilestones: (paymentId: string, executor: Db = db) =>
      executor.select().from(milestones).where(eq(milestones.paymentId, paymentId)).orderBy(asc(milestones.position)),

    /** A payment's milestones, locked, in the order every money path locks them. */
    lockMilestones: (paymentId: string, tx: Tx) =>
      tx.select().from(milestones).where(eq(milestones.paymentId, paymentId)).orderBy(asc(milestones.id)).for('update'),

    /** Removes milestones never funded (the plan before funding, or one the employer took out). */
    async deleteMilestones(ids: string[], tx: Tx) {
      if (ids.length > 0) await tx.delete(milestones).where(inArray(milestones.id, ids));
    },

    /** Puts milestones under a dispute: on hold until its resolution settles them. */
    async setMilestonesDispute(ids: string[], disputeId: string, tx: Tx) {
      if (ids.length > 0) await tx.update(milestones).set({ disputeId }).where(inArray(milestones.id, ids));
    },

    /** A milestone and the payment it belongs to, in one query. */
    async findMilestoneWithPayment(id: string, executor: Db = db) {
      const [row] = await executor
        .select({ milestone: milestones, payment: payments })
        .from(milestones)
        .innerJoin(payments, eq(payments.id, milestones.paymentId))
        .where(eq(milestones.id, id));
      return row;
    },

    /**
     * What approving these milestones needs, in one statement: their payments and every milestone of
     * those payments, locked, in payment then milestone order (rows are locked as sorted, and within a
     * row in FROM order, so each payment before its milestones, the order every other money path locks
     * them in, and no two wait in a cycle); with each milestone's pending hold, the payment's contract,
     * its job and both parties. Locking every milestone of a payment means each is read as the last
     * transaction to change it left it, so whether this approval is the payment's last is known here.
     * The rows joined but not locked hold what does not change under a payment (who the parties are,
     * the job's title, a hold's amount): the holds are posted by a statement that checks them again.
     */
    lockApprovalContext(milestoneIds: string[], tx: Tx) {
      const employer = alias(users, 'employer');
      const professional = alias(users, 'professional');
      const person = (table: typeof employer | typeof professional) => ({
        id: table.id,
        role: table.role,
        email: table.email,
        firstName: table.firstName,
        lastName: table.lastName,
        companyName: table.companyName,
      });
      return (
        tx
          .select({
            payment: payments,
            milestone: milestones,
            holdMinor: ledgerHolds.amountMinor,
            contract: contracts,
            job: { id: jobs.id, title: jobs.title },
            employer: person(employer),
            professional: person(professional),
          })
          .from(payments)
          .innerJoin(milestones, eq(milestones.paymentId, payments.id))
          .innerJoin(contracts, eq(contracts.id, payments.contractId))
          .innerJoin(jobs, eq(jobs.id, payments.jobId))
          .innerJoin(employer, eq(employer.id, contracts.employerId))
          .innerJoin(professional, eq(professional.id, contracts.professionalId))
          .leftJoin(ledgerHolds, and(eq(ledgerHolds.milestoneId, milestones.id), eq(ledgerHolds.status, 'pending')))
          .where(
            sql`${payments.id} in (select asked.payment_id from milestones asked where asked.id = any(${sql.placeholder('ids')}::uuid[]))`,
          )
          .orderBy(asc(payments.id), asc(milestones.id))
          .for('update', { of: [payments, milestones] })
          // Named, so each connection plans it once and the database keeps the plan: planning this join
          // costs more than running it.
          .prepare('payments_approval_context')
          .execute({ ids: milestoneIds })
      );
    },

    /** Approves milestones, each with its reviewer's note: a statement to write with others (db/together.ts). */
    approveMilestonesStatement(approvals: { id: string; reviewerNotes: string | null; isAutoApproved: boolean }[], approvedAt: Date) {
      if (approvals.length === 0) return undefined;
      return sql`
        update milestones set status = 'approved', approved_at = ${approvedAt}, reviewer_notes = v.reviewer_notes, is_auto_approved = v.is_auto_approved
        from unnest(${sql.param(approvals.map((approval) => approval.id))}::uuid[], ${sql.param(approvals.map((approval) => approval.reviewerNotes))}::text[],
          ${sql.param(approvals.map((approval) => approval.isAutoApproved))}::boolean[]) as v(id, reviewer_notes, is_auto_approved)
        where milestones.id = v.id`;
    },

    async lockMilestone(id: string, tx: Tx) {
      const [row] = await tx.select().from(milestones).where(eq(milestones.id, id)).for('update');
      return row;
    },

    async updateMilestone(id: string, { amount, ...changes }: MilestoneChanges, tx: Tx) {
      const [row] = await tx
        .update(milestones)
        .set({ ...changes, ...(amount ? storedAmount(amount) : {}) })
        .where(eq(milestones.id, id))
        .returning();
      if (!row) throw new Error(`milestone ${id} vanished while locked`);
      return row;
    },

    /** Submitted milestones whose employer has had them since `submittedBefore`, oldest first. */
    listSubmittedBefore: (submittedBefore: Date, limit: number) =>
      db
        .select({ id: milestones.id })
        .from(milestones)
        .where(and(eq(milestones.status, 'submitted'), lte(milestones.submittedAt, submittedBefore), isNull(milestones.disputeId)))
        .orderBy(asc(milestones.submittedAt))
        .limit(limit),

    /** Submitted milestones due for the 3-days-before warning that have not had it. */
    listUnwarnedSubmittedBefore: (submittedBefore: Date, limit: number) =>
      db
        .select({ id: milestones.id })
        .from(milestones)
        .where(
          and(
            eq(milestones.status, 'submitted'),
            lte(milestones.submittedAt, submittedBefore),
            isNull(milestones.autoApprovalWarnedAt),
            isNull(milestones.disputeId),
          ),
        )
        .orderBy(asc(milestones.submittedAt))
        .limit(limit),
  };
}

/** The checkouts every charge is paid through. */
function checkoutRows(db: Db) {
  return {
    /** The open checkout of a charge, or undefined. */
    async findOpenCheckout(purpose: CheckoutRow['purpose'], subjectId: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.purpose, purpose), eq(checkouts.subjectId, subjectId), eq(checkouts.status, 'open')));
      return row;
    },

    /** A new open checkout; undefined when one is already open for the charge (the unique index decides). */
    async insertCheckout(
      { amount, ...checkout }: Omit<typeof checkouts.$inferInsert, 'amountMinor' | 'currency'> & { amount: Money },
      tx: Tx,
    ) {
      const [row] = await tx
        .insert(checkouts)
        .values({ ...checkout, ...storedAmount(amount) })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async setCheckoutSession(id: string, session: { providerSessionId: string; url: string }, tx: Tx) {
      await tx.update(checkouts).set(session).where(eq(checkouts.id, id));
    },

    /** Where and in which language the payer last opened the checkout. */
    async setPageVisit(id: string, visit: { returnOrigin: string | null; language: 'en' | 'ar' }, tx: Tx) {
      await tx.update(checkouts).set(visit).where(eq(checkouts.id, id));
    },

    async findCheckout(id: string, executor: Db = db) {
      const [row] = await executor.select().from(checkouts).where(eq(checkouts.id, id));
      return row;
    },

    async findCheckoutBySession(provider: string, sessionId: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.provider, provider), eq(checkouts.providerSessionId, sessionId)));
      return row;
    },

    async lockCheckout(id: string, tx: Tx) {
      const [row] = await tx.select().from(checkouts).where(eq(checkouts.id, id)).for('update');
      return row;
    },

    async closeCheckout(
      id: string,
      changes: { status: Exclude<CheckoutRow['status'], 'open'>; providerPaymentId?: string | null; closedAt: Date },
      tx: Tx,
    ) {
      await tx.update(checkouts).set(changes).where(eq(checkouts.id, id));
    },

    /** Closes the open checkout of a charge whose amount changed: the next attempt opens one for the new amount. */
    async cancelOpenCheckout(purpose: CheckoutRow['purpose'], subjectId: string, closedAt: Date, tx: Tx) {
      await tx
        .update(checkouts)
        .set({ status: 'cancelled', closedAt })
        .where(and(eq(checkouts.purpose, purpose), eq(checkouts.subjectId, subjectId), eq(checkouts.status, 'open')));
    },

    /** The payment's paid escrow checkout: where a refund goes back to. */
    async findPaidCheckout(purpose: CheckoutRow['purpose'], subjectId: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.purpose, purpose), eq(checkouts.subjectId, subjectId), eq(checkouts.status, 'paid')));
      return row;
    },

    /** Second charges waiting to be returned to their payers. */
    listRefundsDue: (limit: number) =>
      db.select().from(checkouts).where(eq(checkouts.status, 'refund_due')).orderBy(asc(checkouts.closedAt)).limit(limit),
  };
}

/** A payment's disputes and their resolutions. */
function disputeRows(db: Db) {
  return {
    async insertDispute(dispute: typeof disputes.$inferInsert, tx: Tx) {
      const [row] = await tx.insert(disputes).values(dispute).onConflictDoNothing().returning();
      return row;
    },

    async findOpenDispute(paymentId: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(disputes)
        .where(and(eq(disputes.paymentId, paymentId), eq(disputes.status, 'open')));
      return row;
    },

    /** Every dispute of a payment, newest first (a milestone's says what happened to it). */
    listDisputes: (paymentId: string, executor: Db = db) =>
      executor.select().from(disputes).where(eq(disputes.paymentId, paymentId)).orderBy(desc(disputes.createdAt), desc(disputes.id)),

    async lockDispute(id: string, tx: Tx) {
      const [row] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
      return row;
    },

    /** Keeps staff's decision on an open dispute before any of it is carried out. */
    async keepResolutionPlan(id: string, plan: DisputeResolutionPlan, tx: Tx) {
      await tx.update(disputes).set({ resolutionPlan: plan }).where(eq(disputes.id, id));
    },

    async resolveDispute(
      id: string,
      resolution: {
        decision: NonNullable<DisputeRow['decision']>;
        resolutionNote: string;
        endedContract: boolean;
        resolvedBy: string;
        resolvedAt: Date;
      },
      tx: Tx,
    ) {
      await tx
        .update(disputes)
        .set({ ...resolution, status: 'resolved' })
        .where(eq(disputes.id, id));
    },
  };
}

/** The webhook inbox: the provider's events, stored once and applied once. */
function eventRows(db: Db) {
  return {
    /** Stores a provider event by its id; false when it was already stored (a redelivery). */
    async storeEvent(event: typeof providerEvents.$inferInsert, executor: Db) {
      const inserted = await executor
        .insert(providerEvents)
        .values(event)
        .onConflictDoNothing()
        .returning({ eventId: providerEvents.eventId });
      return inserted.length > 0;
    },

    async findEvent(provider: string, eventId: string) {
      const [row] = await db
        .select()
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
      return row;
    },

    /** The event, locked, unless it was already applied. */
    async lockUnappliedEvent(provider: string, eventId: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId), isNull(providerEvents.appliedAt)))
        .for('update', { skipLocked: true });
      return row;
    },

    async markEventApplied(provider: string, eventId: string, appliedAt: Date, tx: Tx) {
      await tx
        .update(providerEvents)
        .set({ appliedAt, attempts: sql`${providerEvents.attempts} + 1`, lastError: null, nextAttemptAt: null })
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
    },

    async markEventFailed(provider: string, eventId: string, failure: { error: string; nextAttemptAt: Date }, executor: Db) {
      await executor
        .update(providerEvents)
        .set({ attempts: sql`${providerEvents.attempts} + 1`, lastError: failure.error, nextAttemptAt: failure.nextAttemptAt })
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
    },

    /** Events stored but not applied whose retry is due. */
    listDueEvents: (now: Date, limit: number) =>
      db
        .select({ provider: providerEvents.provider, eventId: providerEvents.eventId })
        .from(providerEvents)
        .where(and(isNull(providerEvents.appliedAt), lte(providerEvents.nextAttemptAt, now)))
        .orderBy(asc(providerEvents.nextAttemptAt))
        .limit(limit),

    /** The events waiting to be applied (not refused for good): how many, and when the oldest arrived (metrics). */
    async inboxBacklog() {
      const [row] = await db
        .select({ waiting: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${providerEvents.receivedAt})::text` })
        .from(providerEvents)
        .where(and(isNull(providerEvents.appliedAt), isNotNull(providerEvents.nextAttemptAt)));
      return { waiting: row?.waiting ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    /** The inbox as support reads it: newest first (or only the events not applied yet), with what happened to each. */
    listEvents: (options: { onlyUnapplied: boolean; limit: number }) =>
      db
        .select()
        .from(providerEvents)
        .where(options.onlyUnapplied ? isNull(providerEvents.appliedAt) : undefined)
        .orderBy(desc(providerEvents.receivedAt))
        .limit(options.limit),

    /** How many events were applied, and how many wait for a retry. */
    async countEvents() {
      const [row] = await db
        .select({
          applied: sql<number>`count(*) filter (where ${providerEvents.appliedAt} is not null)::int`,
          waiting: sql<number>`count(*) filter (where ${providerEvents.appliedAt} is null)::int`,
        })
        .from(providerEvents);
      return { applied: Number(row?.applied ?? 0), waiting: Number(row?.waiting ?? 0) };
    },

    /** Brings an unapplied event's next retry forward to `now`; false when there is no such event. */
    async retryEventNow(eventId: string, now: Date, executor: Db) {
      const updated = await executor
        .update(providerEvents)
        .set({ nextAttemptAt: now })
        .where(and(eq(providerEvents.eventId, eventId), isNull(providerEvents.appliedAt)))
        .returning({ eventId: providerEvents.eventId });
      return updated.length > 0;
    },
  };
}

/**
 * Who may act on a job's money, a payment or a milestone (payments.access.ts): the job's `owner`, the
 * contract's `employer` or `professional`, or either `party` (the job's owner while nobody is hired).
 */
export type MoneySide = 'owner' | 'employer' | 'professional' | 'party';

interface Parties {
  id: string;
  ownerId: string;
  employerId: string | null;
  professionalId: string | null;
}

function mayTouch(side: MoneySide, userId: string, row: Parties) {
  switch (side) {
    case 'owner':
      return row.ownerId === userId;
    case 'employer':
      return row.employerId === userId;
    case 'professional':
      return row.professionalId === userId;
    case 'party':
      return row.employerId === null ? row.ownerId === userId : row.employerId === userId || row.professionalId === userId;
  }
}

const grantsOf = (rows: Parties[], side: MoneySide, userId: string) => new Map(rows.map((row) => [row.id, mayTouch(side, userId, row)]));

const parties = { ownerId: jobs.employerId, employerId: contracts.employerId, professionalId: contracts.professionalId };

/** Of the jobs, payments or milestones asked about, the ones that exist, each with whether the user may act on it as `side`. */
function grantRows(db: Db) {
  return {
    async jobGrants(userId: string, ids: readonly string[], side: 'owner' | 'party') {
      const rows = await db
        .select({ id: jobs.id, ...parties })
        .from(jobs)
        .leftJoin(contracts, eq(contracts.jobId, jobs.id))
        .where(inArray(jobs.id, [...ids]));
      return grantsOf(rows, side, userId);
    },

    async paymentGrants(userId: string, ids: readonly string[], side: MoneySide) {
      const rows = await db
        .select({ id: payments.id, ...parties })
        .from(payments)
        .innerJoin(jobs, eq(jobs.id, payments.jobId))
        .innerJoin(contracts, eq(contracts.id, payments.contractId))
        .where(inArray(payments.id, [...ids]));
      return grantsOf(rows, side, userId);
    },

    async milestoneGrants(userId: string, ids: readonly string[], side: MoneySide) {
      const rows = await db
        .select({ id: milestones.id, ...parties })
        .from(milestones)
        .innerJoin(payments, eq(payments.id, milestones.paymentId))
        .innerJoin(jobs, eq(jobs.id, payments.jobId))
        .innerJoin(contracts, eq(contracts.id, payments.contractId))
        .where(inArray(milestones.id, [...ids]));
      return grantsOf(rows, side, userId);
    },

    /** Of these checkouts, the ones the user is paying: anyone else's are left out, so not found. */
    async checkoutGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(inArray(checkouts.id, [...ids]), eq(checkouts.payerId, userId)));
      return new Map(rows.map((row) => [row.id, true]));
    },
  };
}

/** The only writer of payments, milestones, checkouts, disputes and the webhook inbox. */
export function createPaymentsRepository(db: Db) {
  return { ...paymentRows(db), ...milestoneRows(db), ...checkoutRows(db), ...disputeRows(db), ...eventRows(db), ...grantRows(db) };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
