import {
  AUTO_APPROVE_DAYS,
  AUTO_APPROVE_WARNING_DAYS,
  type CurrencyCode,
  type disputeInputSchema,
  type Milestone,
  type milestoneApprovalSchema,
  type milestoneSubmissionSchema,
  money,
  type NotificationKind,
  paymentMessages,
  type PaymentStatusResponse,
  type ServerMessage,
  type SetupPaymentInput,
  timeMessages,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { writeTogether } from '../../db/together.ts';
import { requireEmployer, requireParty, requireProfessional, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import { requireAmount } from '../../lib/money-input.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { JobStateService } from '../jobs/job-state.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { partyName } from '../profiles/public-user.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import { completionNotices, createCompletion, createMilestoneApprovals } from './milestone-approvals.ts';
import type { MoneyMovements } from './money-movements.ts';
import { amountParams, amountText, decimal, paymentLink, paymentNotice } from './payment-notices.ts';
import type { CheckoutService } from './checkout.service.ts';
import { hourlyPaymentStatus } from './hourly-billing.ts';
import type { MilestoneRow, PaymentsRepository } from './payments.repository.ts';
import type { PeopleLookup, PersonSummary } from './people.ts';

type DisputeInput = z.output<typeof disputeInputSchema>;
type SubmissionInput = z.output<typeof milestoneSubmissionSchema>;
type ApprovalInput = z.output<typeof milestoneApprovalSchema>;

const DAY = 86_400_000;
const refuse = (field: (string | number)[], msg: ServerMessage) =>
  new AppError('validation_failed', [{ loc: ['body', ...field], msg, type: 'value_error' }]);

/** A due date as the dialog sends it: a timestamp in milliseconds, an ISO date or date-time, or nothing. */
function readDueDate(value: number | string | null | undefined, index: number): Date | null {
  if (value === null || value === undefined) return null;
  const date = new Date(typeof value === 'number' ? value : value.length === 10 ? `${value}T00:00:00Z` : value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 2000 || year > 2100) throw refuse(['milestones', index, 'due_date'], 'Invalid format');
  return date;
}

function toMilestone(row: MilestoneRow): Milestone {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    amount: decimal(row.amountMinor, row.currency),
    currency: row.currency,
    due_date: row.dueDate?.toISOString() ?? null,
    status: row.status,
    submission_notes: row.submissionNotes,
    deliverable_urls: row.deliverableUrls,
    reviewer_notes: row.reviewerNotes,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    approved_at: row.approvedAt?.toISOString() ?? null,
    auto_approve_at:
      row.status === 'submitted' && row.submittedAt ? new Date(row.submittedAt.getTime() + AUTO_APPROVE_DAYS * DAY).toISOString() : null,
  };
}

export function createPaymentsService(dependencies: {
  db: Db;
  repository: PaymentsRepository;
  ledger: LedgerRepository;
  movements: MoneyMovements;
  checkouts: CheckoutService;
  jobState: JobStateService;
  contracts: ContractsRepository;
  people: PeopleLookup;
  notifications: NotificationsService;
  clock: () => Date;
}) {
  const { db, repository, ledger, movements, checkouts, jobState, contracts, people, notifications, clock } = dependencies;
  const completeSettled = createCompletion({ repository, contracts, jobState });
  const approvals = createMilestoneApprovals({ db, repository, movements, contracts, jobState, notifications, clock });

  /** Tells one side of a contract, in the bell and by e-mail, in the caller's transaction. */
  const tell = (
    recipient: PersonSummary,
    kind: NotificationKind,
    job: { id: string; title: string },
    params: Record<string, string>,
    tx: Tx,
  ) => notifications.notify(paymentNotice(recipient, kind, job, params), tx);

  /** The job, its contract and payment behind a milestone, or 404. */
  async function milestoneContext(milestoneId: string) {
    const found = isRowId(milestoneId) ? await repository.findMilestoneWithPayment(milestoneId) : undefined;
    if (!found) throw new AppError('not_found', paymentMessages.milestoneNotFound);
    const { milestone, payment } = found;
    const [contract, job] = await Promise.all([contracts.findContract(payment.contractId), jobState.findJob(payment.jobId)]);
    if (!contract || !job) throw new Error(`milestone ${milestone.id} has no contract or job`);
    return { milestone, payment, contract, job };
  }

  async function paymentContext(paymentId: string) {
    const payment = isRowId(paymentId) ? await repository.findPayment(paymentId) : undefined;
    if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
    const contract = await contracts.findContract(payment.contractId);
    const job = await jobState.findJob(payment.jobId);
    if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
    return { payment, contract, job };
  }

  return {
    /** §3 Payment status, for the job's owner and its hired professional only. */
    async getPaymentStatus(actor: Actor, jobId: string): Promise<PaymentStatusResponse> {
      const job = isRowId(jobId) ? await jobState.findJob(jobId) : undefined;
      if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
      const contract = await contracts.findContractByJob(job.id);
      const side = requireParty(actor, contract ?? { employerId: job.employerId, professionalId: '' }, paymentMessages.onlyParties);
      const payment = await repository.findPaymentByJob(job.id);
      const rows = payment ? await repository.listMilestones(payment.id) : [];
      const holds = payment ? await ledger.holdsOfPayments([payment.id]) : [];
      const currency = payment?.currency ?? job.currency;
      const held = holds.reduce((sum, hold) => sum + hold.amountMinor - hold.postedMinor - hold.voidedMinor, 0);
      const released = holds.reduce((sum, hold) => sum + hold.postedMinor, 0);
      const cashReleased = payment?.isCash
        ? rows.filter((row) => row.status === 'approved').reduce((sum, row) => sum + row.amountMinor, 0)
        : 0;
      const completed = rows.filter((row) => row.status === 'approved').length;
      const dispute = payment ? await repository.findLatestDispute(payment.id) : undefined;
      const checkout =
        payment?.status === 'pending' && side === 'employer' ? await repository.findOpenCheckout('escrow', payment.id) : undefined;
      return {
        payment_status: payment?.status ?? 'not_setup',
        payment_id: payment?.id ?? null,
        total_amount: payment ? decimal(payment.totalMinor, currency) : 0,
        currency,
        is_cash: job.paymentMethod === 'cash',
        job: {
          id: job.id,
          title: job.title,
          status: job.status,
          job_type: job.jobType,
          budget_max: decimal(job.budgetMaxMinor, job.currency),
        },
        viewer_role: side,
        other_party_id: contract ? (side === 'employer' ? contract.professionalId : contract.employerId) : null,
        held_amount: decimal(held, currency),
        released_amount: decimal(released + cashReleased, currency),
        dispute: dispute
          ? {
              reason: dispute.reason,
              description: dispute.description,
              status: dispute.status,
              created_at: dispute.createdAt.toISOString(),
            }
          : null,
        checkout_url: checkout?.url ?? null,
        progress: {
          completion_percentage: rows.length === 0 ? 0 : Math.round((completed / rows.length) * 100),
          completed_milestones: completed,
          total_milestones: rows.length,
        },
        milestones: rows.map(toMilestone),
      };
    },

    /** The owner of an assigned job lays out its milestones (§5); the total may not exceed the job's budget. */
    async setupPayment(actor: Actor, jobId: string, input: SetupPaymentInput) {
      const job = isRowId(jobId) ? await jobState.findJob(jobId) : undefined;
      if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
      requireEmployer(actor, job, paymentMessages.onlyOwnerSetsUp);
      if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
      const currency = job.currency as CurrencyCode;
      const complete = input.milestones
        .map((milestone, index) => ({ ...milestone, index }))
        .filter((milestone) => milestone.title !== '' && milestone.description !== '' && milestone.amount !== undefined);
      if (complete.length === 0) throw refuse(['milestones'], paymentMessages.noCompleteMilestone);
      const planned = complete.map((milestone) => ({
        title: milestone.title,
        description: milestone.description,
        amount: requireAmount(milestone.amount ?? 0, currency, `milestones.${milestone.index}.amount`),
        dueDate: readDueDate(milestone.due_date, milestone.index),
      }));
      const totalMinor = planned.reduce((sum, milestone) => sum + milestone.amount.minor, 0);
      if (totalMinor > job.budgetMaxMinor) {
        throw refuse(
          ['milestones'],
          paymentMessages.budgetExceeded(amountText(totalMinor, currency), amountText(job.budgetMaxMinor, currency)),
        );
      }

      await transaction(db, async (tx) => {
        const locked = await jobState.lockJob(job.id, tx);
        const contract = await contracts.findContractByJob(job.id, tx);
        if (locked?.status !== 'assigned' || !contract) throw new AppError('conflict', paymentMessages.notAssigned);
        const now = clock();
        const payment = await repository.insertPayment(
          {
            contractId: contract.id,
            jobId: job.id,
            status: 'pending',
            totalMinor,
            currency,
            isCash: contract.paymentMethod === 'cash',
            createdAt: now,
            updatedAt: now,
          },
          tx,
        );
        if (!payment) throw new AppError('conflict', paymentMessages.alreadySetUp);
        await repository.insertMilestones(
          planned.map((milestone, position) => ({
            paymentId: payment.id,
            position,
            title: milestone.title,
            description: milestone.description,
            amountMinor: milestone.amount.minor,
            currency,
            dueDate: milestone.dueDate,
          })),
          tx,
        );
        const parties = await people.partiesOf(contract, tx);
        await tell(parties.professional, 'payment_setup', locked, { employer_name: partyName(parties.employer) }, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.setupDone };
    },

    /** The owner pays the milestones' total into escrow through the provider's checkout; asking again reuses it. */
    async createEscrow(actor: Actor, paymentId: string) {
      const { payment, job } = await paymentContext(paymentId);
      requireEmployer(actor, job, paymentMessages.onlyOwnerFunds);
      if (job.jobType === 'hourly') throw new AppError('conflict', timeMessages.paidByTimesheets);
      if (payment.isCash) throw new AppError('conflict', paymentMessages.cashNoEscrow);
      if (payment.status !== 'pending') throw new AppError('conflict', paymentMessages.notFundable);
      return checkouts.open({
        purpose: 'escrow',
        subjectId: payment.id,
        payerId: actor.id,
        amount: money(payment.totalMinor, payment.currency as CurrencyCode),
        description: `Escrow for "${job.title}"`,
        returnPath: paymentLink(job.id),
      });
    },

    /** Applies a paid escrow checkout: the total is held, one hold per milestone, and the professional told. */
    async applyEscrowPaid(checkout: { id: string; subjectId: string; amountMinor: number; currency: string }, tx: Tx) {
      const payment = await repository.lockPayment(checkout.subjectId, tx);
      if (!payment) throw new Error(`checkout ${checkout.id} pays for an unknown payment`);
      const milestones = await repository.listMilestones(payment.id, tx);
      const now = clock();
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency: payment.currency,
          milestones: milestones.map((milestone) => ({ id: milestone.id, amountMinor: milestone.amountMinor })),
          at: now,
        },
        tx,
      );
      if (!isNew) return;
      if (payment.status === 'pending') await repository.setPaymentStatus(payment.id, 'escrowed', now, tx);
      const contract = await contracts.findContract(payment.contractId, tx);
      const job = await jobState.findJob(payment.jobId, tx);
      if (!contract || !job) throw new Error('escrow without a contract or job');
      const parties = await people.partiesOf(contract, tx);
      await tell(
        parties.professional,
        'escrow_funded',
        job,
        { employer_name: partyName(parties.employer), ...amountParams(payment.totalMinor, payment.currency) },
        tx,
      );
    },

    /** The hired professional hands in a milestone of a funded payment (or of a cash job) for approval. */
    async submitMilestone(actor: Actor, milestoneId: string, input: SubmissionInput) {
      const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
      requireProfessional(actor, contract, paymentMessages.onlyProfessionalSubmits);
      await transaction(db, async (tx) => {
        const locked = await repository.lockPayment(payment.id, tx);
        if (locked?.status === 'disputed') throw new AppError('conflict', paymentMessages.disputeOpen);
        if (!locked?.isCash && locked?.status !== 'escrowed') throw new AppError('conflict', paymentMessages.notFunded);
        const current = await repository.lockMilestone(milestone.id, tx);
        if (current?.status !== 'pending' && current?.status !== 'rejected') throw new AppError('conflict', paymentMessages.notSubmittable);
        await repository.updateMilestone(
          milestone.id,
          {
            status: 'submitted',
            submissionNotes: input.notes || null,
            deliverableUrls: input.deliverable_urls,
            submittedAt: clock(),
            autoApprovalWarnedAt: null,
          },
          tx,
        );
        const parties = await people.partiesOf(contract, tx);
        await tell(
          parties.employer,
          'milestone_submitted',
          job,
          { worker_name: partyName(parties.professional), milestone_title: milestone.title },
          tx,
        );
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneSubmitted };
    },

    /** The owner approves a submitted milestone, which releases its amount less the 2% service fee. */
    async approveMilestone(actor: Actor, milestoneId: string, input: ApprovalInput) {
      if (!isRowId(milestoneId)) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      await approvals.approve({ milestoneId, by: actor, notes: input.notes || null });
      return { message: paymentMessages.milestoneApproved };
    },

    /** Cash job: the professional says a milestone was paid in person. */
    async markPaidInCash(actor: Actor, milestoneId: string) {
      const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
      requireProfessional(actor, contract, paymentMessages.onlyProfessionalSubmits);
      if (!payment.isCash) throw new AppError('conflict', paymentMessages.notCashJob);
      await transaction(db, async (tx) => {
        const current = await repository.lockMilestone(milestone.id, tx);
        if (current?.status !== 'pending' && current?.status !== 'submitted')
          throw new AppError('conflict', paymentMessages.notSubmittable);
        await repository.updateMilestone(milestone.id, { status: 'paid_in_cash', submittedAt: current.submittedAt ?? clock() }, tx);
        const parties = await people.partiesOf(contract, tx);
        await tell(
          parties.employer,
          'cash_marked',
          job,
          { worker_name: partyName(parties.professional), milestone_title: milestone.title },
          tx,
        );
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.cashMarked };
    },

    /** Cash job: the employer confirms the cash changed hands; recorded off-platform, no fee. */
    async confirmCashPayment(actor: Actor, milestoneId: string) {
      const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
      requireEmployer(actor, contract, paymentMessages.onlyOwnerApproves);
      if (!payment.isCash) throw new AppError('conflict', paymentMessages.notCashJob);
      await transaction(db, async (tx) => {
        await repository.lockPayment(payment.id, tx);
        const current = await repository.lockMilestone(milestone.id, tx);
        if (current?.status !== 'paid_in_cash') throw new AppError('conflict', paymentMessages.notCashConfirmable);
        const now = clock();
        await movements.cashSettled(
          {
            milestoneId: milestone.id,
            paymentId: payment.id,
            jobId: job.id,
            employerId: contract.employerId,
            professionalId: contract.professionalId,
            amountMinor: milestone.amountMinor,
            currency: milestone.currency,
            at: now,
          },
          tx,
        );
        await repository.updateMilestone(milestone.id, { status: 'approved', approvedAt: now }, tx);
        if (contract.jobType === 'hourly') {
          const locked = await repository.lockPayment(payment.id, tx);
          if (locked)
            await repository.setPaymentStatus(
              payment.id,
              hourlyPaymentStatus(locked, await repository.listMilestones(payment.id, tx)),
              now,
              tx,
            );
        }
        const parties = await people.partiesOf(contract, tx);
        await tell(
          parties.professional,
          'cash_confirmed',
          job,
          { employer_name: partyName(parties.employer), milestone_title: milestone.title },
          tx,
        );
        if ((await completeSettled([{ payment, contract, job }], now, tx)).length > 0)
          await notifications.notifyAll(completionNotices(job, parties), tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.cashConfirmed };
    },

    /** Either party stops further releases of an escrowed or released payment until staff resolve it. */
    async openDispute(actor: Actor, paymentId: string, input: DisputeInput) {
      if (!input.reason || !input.description) throw refuse(['description'], paymentMessages.disputeNeedsText);
      const { payment, contract, job } = await paymentContext(paymentId);
      const side = requireParty(actor, contract, paymentMessages.onlyPartiesDispute);
      await transaction(db, async (tx) => {
        const locked = await repository.lockPayment(payment.id, tx);
        if (locked?.status === 'disputed') throw new AppError('conflict', paymentMessages.alreadyDisputed);
        // An hourly contract's weeks are billed one by one: it can be disputed while one awaits payment too.
        const disputable = contract.jobType === 'hourly' ? ['pending', 'escrowed', 'released'] : ['escrowed', 'released'];
        if (!locked || !disputable.includes(locked.status)) throw new AppError('conflict', paymentMessages.notDisputable);
        const now = clock();
        await repository.insertDispute(
          {
            paymentId: payment.id,
            openedBy: actor.id,
            reason: input.reason,
            description: input.description,
            previousStatus: locked.status,
            createdAt: now,
          },
          tx,
        );
        await repository.setPaymentStatus(payment.id, 'disputed', now, tx);
        const { employer, professional } = await people.partiesOf(contract, tx);
        const [opener, other] = side === 'employer' ? [employer, professional] : [professional, employer];
        await tell(other, 'dispute_opened', job, { party_name: partyName(opener) }, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeCreated };
    },

    /**
     * Staff resolve an open dispute by releasing, refunding or splitting what escrow still holds, with
     * a written note (the admin console's Disputes: admin-disputes.service.ts). `releaseMinor` is
     * how much of the held amount goes to the professional; the rest goes back to the employer through
     * the provider. Milestones fully refunded become rejected; any released one counts as approved.
     */
    async resolveDispute(
      staff: { id: string },
      paymentId: string,
      resolution: { releaseMinor: number; note: string },
      /** Written in the resolution's own transaction (the console's audit entry). */
      record?: (tx: Tx, outcome: { heldMinor: number; currency: string }) => Promise<void>,
    ) {
      const note = resolution.note.trim();
      if (!note) throw refuse(['note'], paymentMessages.resolutionNeedsNote);
      const { payment, contract, job } = await paymentContext(paymentId);
      const dispute = await repository.findOpenDispute(payment.id);
      if (!dispute) throw new AppError('conflict', paymentMessages.noOpenDispute);
      const holds = (await ledger.holdsOfPayments([payment.id])).filter((hold) => hold.status === 'pending');
      const held = holds.reduce((sum, hold) => sum + hold.amountMinor, 0);
      if (!Number.isSafeInteger(resolution.releaseMinor) || resolution.releaseMinor < 0 || resolution.releaseMinor > held) {
        throw refuse(['release_amount'], paymentMessages.resolutionOutOfRange(amountText(held, payment.currency)));
      }
      // What each hold gives back, in the order the release below takes them (oldest first), refunded
      // through the charge that paid it (the escrow, or a week's hours) before anything is written, under
      // a key naming this dispute and charge: a retry after a failure below refunds nothing twice.
      const refunds = new Map<string, { amountMinor: number; key: string }>();
      const planned = new Set<string>();
      let releasing = resolution.releaseMinor;
      for (const hold of holds.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))) {
        planned.add(hold.id);
        const released = Math.min(releasing, hold.amountMinor);
        releasing -= released;
        if (hold.amountMinor === released) continue;
        const weekCharge = await repository.findPaidCheckout('timesheet', hold.milestoneId);
        const charge = weekCharge ?? (await repository.findPaidCheckout('escrow', payment.id));
        if (!charge?.providerPaymentId) throw new Error(`hold ${hold.id} has no captured charge to refund`);
        const key = weekCharge ? `refund-${dispute.id}-${charge.id}` : `refund-${dispute.id}`;
        const refund = refunds.get(charge.providerPaymentId) ?? { amountMinor: 0, key };
        refunds.set(charge.providerPaymentId, { ...refund, amountMinor: refund.amountMinor + hold.amountMinor - released });
      }
      for (const [providerPaymentId, refund] of refunds) {
        await checkouts.refund({
          providerPaymentId,
          amount: money(refund.amountMinor, payment.currency as CurrencyCode),
          idempotencyKey: refund.key,
        });
      }
      await transaction(db, async (tx) => {
        const locked = await repository.lockPayment(payment.id, tx);
        const open = await repository.lockDispute(dispute.id, tx);
        if (locked?.status !== 'disputed' || open?.status !== 'open') throw new AppError('conflict', paymentMessages.noOpenDispute);
        const now = clock();
        let toRelease = resolution.releaseMinor;
        const pending = await ledger.lockPendingHoldsOfPayment(payment.id, tx);
        // A week paid in the meantime would be settled without the refund worked out above: start again.
        if (pending.length !== planned.size || pending.some((hold) => !planned.has(hold.id)))
          throw new AppError('conflict', paymentMessages.changedWhileResolving);
        for (const hold of pending) {
          const released = Math.min(toRelease, hold.amountMinor);
          toRelease -= released;
          await movements.settleHold(
            {
              milestoneId: hold.milestoneId,
              paymentId: payment.id,
              jobId: job.id,
              professionalId: contract.professionalId,
              currency: payment.currency,
              amountMinor: released,
              at: now,
            },
            tx,
          );
          await repository.updateMilestone(
            hold.milestoneId,
            released > 0 ? { status: 'approved', approvedAt: now, reviewerNotes: note } : { status: 'rejected', reviewerNotes: note },
            tx,
          );
        }
        await repository.resolveDispute(dispute.id, { resolutionNote: note, resolvedBy: staff.id, resolvedAt: now }, tx);
        const milestones = await repository.listMilestones(payment.id, tx);
        const isOpenWork = milestones.some((milestone) => milestone.status === 'pending' || milestone.status === 'submitted');
        const anyReleased = milestones.some((milestone) => milestone.status === 'approved');
        const isHourly = contract.jobType === 'hourly';
        const status = isHourly
          ? hourlyPaymentStatus({ status: 'released' }, milestones)
          : held === 0
            ? dispute.previousStatus
            : isOpenWork
              ? 'escrowed'
              : anyReleased
                ? 'released'
                : 'refunded';
        await repository.setPaymentStatus(payment.id, status, now, tx);
        // An hourly contract goes on after a dispute about some of its weeks; it ends when a party ends it.
        if (!isOpenWork && !isHourly) {
          await writeTogether(tx, [contracts.completeContractsStatement([contract.id], now)]);
          await jobState.setJobStatus(job.id, anyReleased ? 'completed' : 'cancelled', now, tx);
        }
        const parties = await people.partiesOf(contract, tx);
        for (const party of [parties.employer, parties.professional]) await tell(party, 'dispute_resolved', job, { note }, tx);
        await record?.(tx, { heldMinor: held, currency: payment.currency });
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeResolved };
    },

    /**
     * Approves, for their employers, the milestones submitted AUTO_APPROVE_DAYS ago or more, and warns
     * both sides AUTO_APPROVE_WARNING_DAYS before. Disputed payments wait. Returns how many of each.
     */
    async runAutoApprovals(limit = 100) {
      const now = clock();
      let warned = 0;
      let approved = 0;
      const warnBefore = new Date(now.getTime() - (AUTO_APPROVE_DAYS - AUTO_APPROVE_WARNING_DAYS) * DAY);
      for (const { id } of await repository.listUnwarnedSubmittedBefore(warnBefore, limit)) {
        const context = await milestoneContext(id);
        await transaction(db, async (tx) => {
          const milestone = await repository.lockMilestone(id, tx);
          if (milestone?.status !== 'submitted' || milestone.autoApprovalWarnedAt || !milestone.submittedAt) return;
          await repository.updateMilestone(id, { autoApprovalWarnedAt: now }, tx);
          const date = new Date(milestone.submittedAt.getTime() + AUTO_APPROVE_DAYS * DAY).toISOString().slice(0, 10);
          const parties = await people.partiesOf(context.contract, tx);
          for (const party of [parties.employer, parties.professional]) {
            await tell(party, 'milestone_auto_approve_soon', context.job, { milestone_title: milestone.title, date }, tx);
          }
          warned += 1;
        });
      }
      const approveBefore = new Date(now.getTime() - AUTO_APPROVE_DAYS * DAY);
      const due = await repository.listSubmittedBefore(approveBefore, limit);
      const outcomes = await Promise.allSettled(due.map(({ id }) => approvals.approve({ milestoneId: id, by: 'automatic', notes: null })));
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') approved += 1;
        // Approved, disputed or paid in cash in the meantime: nothing to do for this one.
        else if (!(outcome.reason instanceof AppError)) throw outcome.reason;
      }
      if (warned + approved > 0) void notifications.dispatchSoon();
      return { warned, approved };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
