import {
  AUTO_APPROVE_DAYS,
  AUTO_APPROVE_WARNING_DAYS,
  type CurrencyCode,
  type milestoneApprovalSchema,
  type milestoneSubmissionSchema,
  money,
  type NotificationKind,
  paymentMessages,
  type PaymentStatusResponse,
  timeMessages,
} from '@mihna/shared';
import type { z } from 'zod';
import { transaction, type Tx } from '../../db/transaction.ts';
import { requireEmployer, requireParty, requireProfessional, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import { partyName } from '../profiles/index.ts';
import { CashMilestone, completionNotices, createCompletion, createMilestoneApprovals } from './milestone-approvals.ts';
import { createMilestonePlan } from './milestone-plan.ts';
import { createPaymentContexts, type PaymentDependencies } from './payment-context.ts';
import { createPaymentDisputes } from './payment-disputes.ts';
import { amountParams, paymentLink, paymentNotice } from './payment-notices.ts';
import { isOnHold, paymentView } from './payment-state.ts';
import { hourlyPaymentStatus } from './hourly-billing.ts';
import type { PersonSummary } from '../users/index.ts';

type SubmissionInput = z.output<typeof milestoneSubmissionSchema>;
type ApprovalInput = z.output<typeof milestoneApprovalSchema>;

const DAY = 86_400_000;

export function createPaymentsService(dependencies: PaymentDependencies) {
  const { db, repository, ledger, movements, checkouts, jobState, contracts, people, notifications, clock } = dependencies;
  const completeSettled = createCompletion({ repository, contracts, jobState });
  const approvals = createMilestoneApprovals({ db, repository, movements, contracts, jobState, notifications, clock });
  const plan = createMilestonePlan({ ...dependencies, completeSettled });
  const disputes = createPaymentDisputes(dependencies);
  const { paymentContext, milestoneContext } = createPaymentContexts(dependencies);

  /** Tells one side of a contract, in the bell and by e-mail, in the caller's transaction. */
  const tell = (
    recipient: PersonSummary,
    kind: NotificationKind,
    job: { id: string; title: string },
    params: Record<string, string>,
    tx: Tx,
  ) => notifications.notify(paymentNotice(recipient, kind, job, params), tx);

  /** Tells the employer what their professional did with a milestone: handed it in, or says it was paid in cash. */
  async function tellEmployer(
    kind: 'milestone_submitted' | 'cash_marked',
    contract: ContractRow,
    job: { id: string; title: string },
    milestone: { title: string },
    tx: Tx,
  ) {
    const parties = await people.partiesOf(contract, tx);
    await tell(parties.employer, kind, job, { worker_name: partyName(parties.professional), milestone_title: milestone.title }, tx);
  }

  /** Cash job: the professional says a milestone was paid in person (the spec's submit of a cash milestone means this). */
  async function markPaidInCash(actor: Actor, milestoneId: string, submission?: SubmissionInput) {
    const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
    requireProfessional(actor, contract, paymentMessages.onlyProfessionalSubmits);
    if (!payment.isCash) throw new AppError('conflict', paymentMessages.notCashJob);
    await transaction(db, async (tx) => {
      const current = await repository.lockMilestone(milestone.id, tx);
      if (current?.status !== 'pending' && current?.status !== 'submitted') throw new AppError('conflict', paymentMessages.notSubmittable);
      await repository.updateMilestone(
        milestone.id,
        {
          status: 'paid_in_cash',
          submittedAt: current.submittedAt ?? clock(),
          ...(submission ? { submissionNotes: submission.notes || null, deliverableUrls: submission.deliverable_urls } : {}),
        },
        tx,
      );
      await tellEmployer('cash_marked', contract, job, milestone, tx);
    });
    void notifications.dispatchSoon();
    return { message: paymentMessages.cashMarked };
  }

  /** Cash job: the employer confirms the cash changed hands; recorded off-platform, no fee (the spec's approve of a cash milestone). */
  async function confirmCashPayment(actor: Actor, milestoneId: string, notes: string | null = null) {
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
      await repository.updateMilestone(
        milestone.id,
        { status: 'approved', approvedAt: now, ...(notes ? { reviewerNotes: notes } : {}) },
        tx,
      );
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
  }

  /** Where a job's money stands, read from its payment, milestones, holds and disputes (the same for both parties and staff). */
  async function viewOf(job: JobState, contract: ContractRow | undefined) {
    const payment = await repository.findPaymentByJob(job.id);
    const [milestones, holds, disputes] = payment
      ? await Promise.all([
          repository.listMilestones(payment.id),
          ledger.holdsOfPayments([payment.id]),
          repository.listDisputes(payment.id),
        ])
      : [[], [], []];
    return paymentView({ job, contract, payment, milestones, holds, disputes });
  }

  return {
    /** §3 Payment status, for the job's owner and its hired professional only. */
    async getPaymentStatus(actor: Actor, jobId: string): Promise<PaymentStatusResponse> {
      const job = isRowId(jobId) ? await jobState.findJob(jobId) : undefined;
      if (!job) throw new AppError('not_found', paymentMessages.jobNotFound);
      const contract = await contracts.findContractByJob(job.id);
      const side = requireParty(actor, contract ?? { employerId: job.employerId, professionalId: '' }, paymentMessages.onlyParties);
      const view = await viewOf(job, contract);
      const checkout =
        view.payment_status === 'pending' && view.payment_id && side === 'employer'
          ? await repository.findOpenCheckout('escrow', view.payment_id)
          : undefined;
      return {
        ...view,
        viewer_role: side,
        other_party_id: contract ? (side === 'employer' ? contract.professionalId : contract.employerId) : null,
        checkout_url: checkout?.url ?? null,
      };
    },

    /** A job's payment as staff read it in the console (who may is the console's check): null before it is set up. */
    async describeForStaff(jobId: string) {
      const job = await jobState.findJob(jobId);
      const contract = job ? await contracts.findContractByJob(job.id) : undefined;
      if (!job || !contract) return null;
      const view = await viewOf(job, contract);
      return view.payment_id ? view : null;
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

    /**
     * Applies a paid escrow checkout: the plan is held, one hold per milestone, and the professional
     * told. Refunded instead when the plan changed after the page opened (it was closed then, but a
     * page can still be paid late) or something was funded meanwhile.
     */
    async applyEscrowPaid(checkout: { id: string; subjectId: string; amountMinor: number; currency: string }, tx: Tx) {
      const payment = await repository.lockPayment(checkout.subjectId, tx);
      if (!payment) throw new Error(`checkout ${checkout.id} pays for an unknown payment`);
      const milestones = await repository.lockMilestones(payment.id, tx);
      const isFunded = (await ledger.holdsOfPayments([payment.id], tx)).length > 0;
      const planned = milestones.filter((milestone) => milestone.status === 'pending');
      const plannedMinor = planned.reduce((sum, milestone) => sum + milestone.amountMinor, 0);
      if (isFunded || plannedMinor !== checkout.amountMinor || checkout.currency !== payment.currency) return 'refund' as const;
      const now = clock();
      const isNew = await movements.escrowFunded(
        {
          checkoutId: checkout.id,
          paymentId: payment.id,
          jobId: payment.jobId,
          currency: payment.currency,
          milestones: planned.map((milestone) => ({ id: milestone.id, amountMinor: milestone.amountMinor })),
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
        { employer_name: partyName(parties.employer), ...amountParams(plannedMinor, payment.currency) },
        tx,
      );
    },

    /**
     * The hired professional hands in a funded milestone for approval. On a cash job the spec's submit
     * means the milestone was paid in cash, which the employer then confirms (decision 45).
     */
    async submitMilestone(actor: Actor, milestoneId: string, input: SubmissionInput) {
      const { milestone, payment, contract, job } = await milestoneContext(milestoneId);
      requireProfessional(actor, contract, paymentMessages.onlyProfessionalSubmits);
      if (payment.isCash) return markPaidInCash(actor, milestoneId, input);
      await transaction(db, async (tx) => {
        await repository.lockPayment(payment.id, tx);
        const current = await repository.lockMilestone(milestone.id, tx);
        if (!current) throw new AppError('not_found', paymentMessages.milestoneNotFound);
        if (isOnHold(current)) throw new AppError('conflict', paymentMessages.milestoneOnHold);
        if (current.status !== 'pending' && current.status !== 'rejected') throw new AppError('conflict', paymentMessages.notSubmittable);
        if (!(await ledger.lockPendingHold(current.id, tx))) throw new AppError('conflict', paymentMessages.notFunded);
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
        await tellEmployer('milestone_submitted', contract, job, milestone, tx);
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.milestoneSubmitted };
    },

    /**
     * The owner approves a submitted milestone, which releases its amount less the 2% service fee. On a
     * cash job the spec's approve confirms the cash was received (no fee).
     */
    async approveMilestone(actor: Actor, milestoneId: string, input: ApprovalInput) {
      if (!isRowId(milestoneId)) throw new AppError('not_found', paymentMessages.milestoneNotFound);
      // Straight into the batch, in the order approvals arrive; a cash milestone comes back out of it.
      try {
        await approvals.approve({ milestoneId, by: actor, notes: input.notes || null });
      } catch (error) {
        if (error instanceof CashMilestone) return confirmCashPayment(actor, milestoneId, input.notes || null);
        throw error;
      }
      return { message: paymentMessages.milestoneApproved };
    },

    markPaidInCash: (actor: Actor, milestoneId: string) => markPaidInCash(actor, milestoneId),
    confirmCashPayment: (actor: Actor, milestoneId: string) => confirmCashPayment(actor, milestoneId),

    // The plan (setting it up, adding, changing, removing and funding milestones) and disputes, each in its own file.
    ...plan,
    ...disputes,

    /**
     * Approves, for their employers, the milestones submitted AUTO_APPROVE_DAYS ago or more, and warns
     * both sides AUTO_APPROVE_WARNING_DAYS before. Milestones on hold in a dispute wait. Returns how many of each.
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
          if (milestone?.status !== 'submitted' || milestone.autoApprovalWarnedAt || !milestone.submittedAt || isOnHold(milestone)) return;
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
        // Approved, put on hold by a dispute or paid in cash in the meantime: nothing to do for this one.
        else if (!(outcome.reason instanceof AppError)) throw outcome.reason;
      }
      if (warned + approved > 0) void notifications.dispatchSoon();
      return { warned, approved };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
