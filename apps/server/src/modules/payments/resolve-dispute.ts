import { isSettledMilestone, money, paymentMessages, type CurrencyCode, type DisputeDecision } from '@mihna/shared';
import { transaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow } from '../contracts/index.ts';
import type { JobState } from '../jobs/index.ts';
import { hourlyPaymentStatus } from './hourly-billing.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import { createPaymentContexts, refuse, type PaymentDependencies } from './payment-context.ts';
import { amountText, paymentNotice } from './payment-notices.ts';
import { planStatus, settledStatus } from './payment-state.ts';
import type { DisputeRow, PaymentRow } from './payments.repository.ts';
import type { DisputeResolutionPlan } from './payments.schema.ts';

type Hold = Awaited<ReturnType<LedgerRepository['lockPendingHoldsOfPayment']>>[number];
const oldestFirst = (a: Hold, b: Hold) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1);

export interface DisputeResolutionRequest {
  decision: DisputeDecision;
  /** How much of what the dispute holds goes to the professional; the rest goes back to the employer. */
  releaseMinor: number;
  note: string;
  /** Also end the contract: what escrow holds for the other milestones is refunded and the rest cancelled. */
  endContract: boolean;
}

/** Written in the resolution's own transaction (the console's audit entry), with what was carried out. */
type Recorder = (tx: Tx, outcome: DisputeResolutionPlan & { currency: string }) => Promise<void>;

/** The first step of a resolution: what it will do, worked out and kept on the dispute before any money moves. */
function createResolutionPlanning({ repository, ledger }: Pick<PaymentDependencies, 'repository' | 'ledger'>) {
  /** The charge a hold was paid by, to refund through: its own (a week's hours, a milestone added later), else the escrow's. */
  async function chargeOf(hold: Hold, paymentId: string, disputeId: string, tx: Tx) {
    const own =
      (await repository.findPaidCheckout('timesheet', hold.milestoneId, tx)) ??
      (await repository.findPaidCheckout('milestone', hold.milestoneId, tx));
    const charge = own ?? (await repository.findPaidCheckout('escrow', paymentId, tx));
    if (!charge?.providerPaymentId) throw new Error(`hold ${hold.id} has no captured charge to refund`);
    return { providerPaymentId: charge.providerPaymentId, key: `refund-${disputeId}-${charge.id}` };
  }

  /**
   * The first step, under the payment's lock: the decision worked out and kept on the dispute, every
   * milestone it touches put on hold. An earlier attempt's plan, when there is one, is the plan.
   */
  async function keepPlan(
    input: { payment: PaymentRow; dispute: DisputeRow; staff: { id: string }; resolution: DisputeResolutionRequest; note: string },
    tx: Tx,
  ): Promise<DisputeResolutionPlan> {
    const { payment, dispute, staff, resolution, note } = input;
    await repository.lockPayment(payment.id, tx);
    const open = await repository.lockDispute(dispute.id, tx);
    if (open?.status !== 'open') throw new AppError('conflict', paymentMessages.noOpenDispute);
    // An earlier attempt decided already: carry that out, not something else.
    if (open.resolutionPlan) return open.resolutionPlan;
    const milestones = await repository.lockMilestones(payment.id, tx);
    const pending = (await ledger.lockPendingHoldsOfPayment(payment.id, tx)).toSorted(oldestFirst);
    const inDispute = new Set(
      milestones.filter((row) => row.disputeId === dispute.id && !isSettledMilestone(row.status)).map((row) => row.id),
    );
    const disputedHolds = pending.filter((hold) => inDispute.has(hold.milestoneId));
    const otherHolds = resolution.endContract ? pending.filter((hold) => !inDispute.has(hold.milestoneId)) : [];
    const held = disputedHolds.reduce((sum, hold) => sum + hold.amountMinor, 0);
    if (!Number.isSafeInteger(resolution.releaseMinor) || resolution.releaseMinor < 0 || resolution.releaseMinor > held) {
      throw refuse(['release_amount'], paymentMessages.resolutionOutOfRange(amountText(money(held, payment.currency as CurrencyCode))));
    }
    const holds: DisputeResolutionPlan['holds'] = [];
    let releasing = resolution.releaseMinor;
    for (const hold of disputedHolds) {
      const releaseMinor = Math.min(releasing, hold.amountMinor);
      releasing -= releaseMinor;
      holds.push({ holdId: hold.id, milestoneId: hold.milestoneId, releaseMinor });
    }
    for (const hold of otherHolds) holds.push({ holdId: hold.id, milestoneId: hold.milestoneId, releaseMinor: 0 });
    const refunds = new Map<string, DisputeResolutionPlan['refunds'][number]>();
    for (const { holdId, releaseMinor } of holds) {
      const hold = pending.find((row) => row.id === holdId)!;
      const refundMinor = hold.amountMinor - releaseMinor;
      if (refundMinor === 0) continue;
      const charge = await chargeOf(hold, payment.id, dispute.id, tx);
      const refund = refunds.get(charge.providerPaymentId) ?? { ...charge, amountMinor: 0 };
      refunds.set(charge.providerPaymentId, { ...refund, amountMinor: refund.amountMinor + refundMinor });
    }
    const kept: DisputeResolutionPlan = {
      // What the money did, whatever was chosen: a split of nothing is a refund, of everything a release.
      decision: resolution.releaseMinor === held && held > 0 ? 'release' : resolution.releaseMinor === 0 ? 'refund' : 'split',
      note,
      endContract: resolution.endContract,
      staffId: staff.id,
      holds,
      refunds: [...refunds.values()],
      heldMinor: held,
      refundedOtherMinor: otherHolds.reduce((sum, hold) => sum + hold.amountMinor, 0),
    };
    // Ending the contract holds the rest too: nothing of it is approved, submitted or changed meanwhile.
    if (resolution.endContract) {
      await repository.setMilestonesDispute(
        milestones.filter((row) => !isSettledMilestone(row.status) && !inDispute.has(row.id)).map((row) => row.id),
        dispute.id,
        tx,
      );
    }
    await repository.keepResolutionPlan(dispute.id, kept, tx);
    return kept;
  }

  return { keepPlan };
}

/**
 * Staff settle what a dispute holds (release, refund or split), and the contract goes on unless they
 * also end it, which refunds what escrow still holds for the rest (decision 45).
 */
export function createDisputeResolution(dependencies: PaymentDependencies) {
  const { db, repository, ledger, movements, checkouts, jobState, contracts, people, notifications, clock } = dependencies;
  const { paymentContext } = createPaymentContexts(dependencies);
  const { keepPlan } = createResolutionPlanning(dependencies);

  /** The second step: the provider is asked for the plan's refunds, each under a key naming the dispute and the charge. */
  async function askRefunds(plan: DisputeResolutionPlan, payment: PaymentRow) {
    for (const refund of plan.refunds) {
      try {
        await checkouts.refund({
          providerPaymentId: refund.providerPaymentId,
          amount: money(refund.amountMinor, payment.currency as CurrencyCode),
          idempotencyKey: refund.key,
        });
      } catch (error) {
        // The plan is kept: trying again asks the same refunds under the same keys, and moves nothing twice.
        throw Object.assign(new AppError('unavailable', paymentMessages.refundUnavailable), { cause: error });
      }
    }
  }

  /** The last step: the ledger carries the plan out, the dispute is resolved and, when it ends the project, so is the contract. */
  async function carryOut(
    input: {
      payment: PaymentRow;
      contract: ContractRow;
      job: JobState;
      dispute: DisputeRow;
      plan: DisputeResolutionPlan;
      record?: Recorder;
    },
    tx: Tx,
  ) {
    const { payment, contract, job, dispute, plan, record } = input;
    await repository.lockPayment(payment.id, tx);
    const open = await repository.lockDispute(dispute.id, tx);
    if (open?.status !== 'open' || !open.resolutionPlan) throw new AppError('conflict', paymentMessages.noOpenDispute);
    const now = clock();
    const pending = new Map((await ledger.lockPendingHoldsOfPayment(payment.id, tx)).map((hold) => [hold.id, hold]));
    for (const planned of plan.holds) {
      const hold = pending.get(planned.holdId);
      // Every milestone the plan touches is on hold since it was made: its hold cannot have moved.
      if (!hold) throw new Error(`dispute ${dispute.id}: hold ${planned.holdId} is no longer pending`);
      await movements.settleHold(
        {
          milestoneId: hold.milestoneId,
          paymentId: payment.id,
          jobId: job.id,
          professionalId: contract.professionalId,
          released: money(planned.releaseMinor, payment.currency as CurrencyCode),
          at: now,
        },
        tx,
      );
      const status = settledStatus(hold, planned.releaseMinor);
      await repository.updateMilestone(hold.milestoneId, status === 'approved' ? { status, approvedAt: now } : { status }, tx);
    }
    let milestones = await repository.lockMilestones(payment.id, tx);
    if (plan.endContract) {
      for (const milestone of milestones.filter((row) => !isSettledMilestone(row.status)))
        await repository.updateMilestone(milestone.id, { status: 'cancelled' }, tx);
      for (const milestone of milestones) await repository.cancelOpenCheckout('milestone', milestone.id, now, tx);
      milestones = await repository.listMilestones(payment.id, tx);
    }
    await repository.resolveDispute(
      dispute.id,
      {
        decision: plan.decision,
        resolutionNote: plan.note,
        endedContract: plan.endContract,
        resolvedBy: plan.staffId,
        resolvedAt: now,
      },
      tx,
    );
    const isHourly = contract.jobType === 'hourly';
    const status = isHourly
      ? hourlyPaymentStatus({ status: 'released' }, milestones)
      : planStatus(milestones, { isFunded: true, hasOpenDispute: false });
    await repository.setPaymentTotal(payment.id, status, now, tx);
    const anyPaid = milestones.some((milestone) => milestone.status === 'approved' || milestone.status === 'split');
    const isSettled = milestones.every((milestone) => isSettledMilestone(milestone.status));
    // Ended by staff, or the dispute was about the last of a fixed-price plan: the project is done, paid
    // or not (an hourly contract otherwise goes on until a party ends it).
    if (plan.endContract || (isSettled && !isHourly)) {
      await contracts.endContract(contract.id, anyPaid ? 'completed' : 'cancelled', now, tx);
      await jobState.setJobStatus(job.id, anyPaid ? 'completed' : 'cancelled', now, tx);
    }
    const parties = await people.partiesOf(contract, tx);
    for (const party of [parties.employer, parties.professional])
      await notifications.notify(paymentNotice(party, 'dispute_resolved', job, { note: plan.note }), tx);
    await record?.(tx, { ...plan, currency: payment.currency });
  }

  return {
    /**
     * Staff settle an open dispute (the console's Disputes: admin-disputes.service.ts): `releaseMinor` of
     * what it holds goes to the professional (oldest hold first), the rest back to the employer through
     * the charge that paid it. With `endContract`, what escrow holds for the other milestones goes back
     * too, the milestones never funded are cancelled and the project closes; otherwise it goes on.
     *
     * In three steps, so that money is never moved twice: the decision is worked out under the payment's
     * lock and kept on the dispute (every milestone it touches put on hold, so nothing else moves them);
     * the provider is asked for the refunds, each under a key naming the dispute and the charge; then the
     * ledger carries the plan out. An attempt that fails after the first step leaves the plan kept: the
     * next attempt carries out that plan, whatever it was asked, and never another.
     */
    async resolveDispute(staff: { id: string }, paymentId: string, resolution: DisputeResolutionRequest, record?: Recorder) {
      const note = resolution.note.trim();
      if (!note) throw refuse(['note'], paymentMessages.resolutionNeedsNote);
      const { payment, contract, job } = await paymentContext(paymentId);
      const dispute = await repository.findOpenDispute(payment.id);
      if (!dispute) throw new AppError('conflict', paymentMessages.noOpenDispute);
      const plan = await transaction(db, (tx) => keepPlan({ payment, dispute, staff, resolution, note }, tx));
      await askRefunds(plan, payment);
      await transaction(db, (tx) => carryOut({ payment, contract, job, dispute, plan, record }, tx));
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeResolved };
    },
  };
}
