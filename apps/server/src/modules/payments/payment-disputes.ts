import {
  isSettledMilestone,
  money,
  paymentMessages,
  type CurrencyCode,
  type DisputeDecision,
  type disputeInputSchema,
  type ServerMessage,
} from '@mihna/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeTogether } from '../../db/together.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { requireParty, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isRowId } from '../../lib/ids.ts';
import type { ContractsRepository } from '../contracts/contracts.repository.ts';
import type { JobStateService } from '../jobs/job-state.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { partyName } from '../profiles/public-user.ts';
import type { CheckoutService } from './checkout.service.ts';
import { hourlyPaymentStatus } from './hourly-billing.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import type { MoneyMovements } from './money-movements.ts';
import { amountText, paymentNotice } from './payment-notices.ts';
import { planStatus, settledStatus } from './payment-state.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { PeopleLookup } from './people.ts';

type DisputeInput = z.output<typeof disputeInputSchema>;

const refuse = (field: (string | number)[], msg: ServerMessage) =>
  new AppError('validation_failed', [{ loc: ['body', ...field], msg, type: 'value_error' }]);

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

/**
 * Disputes about milestones (decision 45). Either party disputes a milestone whose money escrow holds;
 * only that milestone is on hold: the others go on being funded, submitted, approved and approved
 * automatically. Staff settle what the dispute holds (release, refund or split), and the contract goes
 * on unless they also end it, which refunds what escrow still holds for the rest.
 */
export function createPaymentDisputes(dependencies: {
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

  async function paymentContext(paymentId: string) {
    const payment = isRowId(paymentId) ? await repository.findPayment(paymentId) : undefined;
    if (!payment) throw new AppError('not_found', paymentMessages.paymentNotFound);
    const [contract, job] = await Promise.all([contracts.findContract(payment.contractId), jobState.findJob(payment.jobId)]);
    if (!contract || !job) throw new Error(`payment ${payment.id} has no contract or job`);
    return { payment, contract, job };
  }

  /** The charge a hold was paid by, to refund through: its own (a week's hours, a milestone added later), else the escrow's. */
  async function chargeOf(hold: Hold, paymentId: string, disputeId: string) {
    const own =
      (await repository.findPaidCheckout('timesheet', hold.milestoneId)) ??
      (await repository.findPaidCheckout('milestone', hold.milestoneId));
    const charge = own ?? (await repository.findPaidCheckout('escrow', paymentId));
    if (!charge?.providerPaymentId) throw new Error(`hold ${hold.id} has no captured charge to refund`);
    return { providerPaymentId: charge.providerPaymentId, key: own ? `refund-${disputeId}-${charge.id}` : `refund-${disputeId}` };
  }

  return {
    /**
     * Either party disputes a milestone escrow holds money for (or, when none is named, every one it
     * holds money for): those milestones stop until staff resolve it; nothing else does.
     */
    async openDispute(actor: Actor, paymentId: string, input: DisputeInput) {
      if (!input.reason || !input.description) throw refuse(['description'], paymentMessages.disputeNeedsText);
      const { payment, contract, job } = await paymentContext(paymentId);
      const side = requireParty(actor, contract, paymentMessages.onlyPartiesDispute);
      if (input.milestone_id !== undefined && !isRowId(input.milestone_id))
        throw refuse(['milestone_id'], paymentMessages.milestoneNotInPayment);
      await transaction(db, async (tx) => {
        const locked = await repository.lockPayment(payment.id, tx);
        if (!locked) throw new AppError('not_found', paymentMessages.paymentNotFound);
        if (await repository.findOpenDispute(payment.id, tx)) throw new AppError('conflict', paymentMessages.alreadyDisputed);
        const milestones = await repository.lockMilestones(payment.id, tx);
        const held = new Set((await ledger.lockPendingHoldsOfPayment(payment.id, tx)).map((hold) => hold.milestoneId));
        let disputed = milestones.filter((milestone) => held.has(milestone.id));
        if (input.milestone_id !== undefined) {
          const chosen = milestones.find((milestone) => milestone.id === input.milestone_id);
          if (!chosen) throw refuse(['milestone_id'], paymentMessages.milestoneNotInPayment);
          if (!held.has(chosen.id)) throw new AppError('conflict', paymentMessages.nothingHeld);
          disputed = [chosen];
        } else if (disputed.length === 0) {
          throw new AppError('conflict', paymentMessages.nothingHeldOnPayment);
        }
        const now = clock();
        const dispute = await repository.insertDispute(
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
        if (!dispute) throw new AppError('conflict', paymentMessages.alreadyDisputed);
        await repository.setMilestonesDispute(
          disputed.map((milestone) => milestone.id),
          dispute.id,
          tx,
        );
        await repository.setPaymentStatus(payment.id, 'disputed', now, tx);
        const { employer, professional } = await people.partiesOf(contract, tx);
        const [opener, other] = side === 'employer' ? [employer, professional] : [professional, employer];
        await notifications.notify(
          paymentNotice(other, 'dispute_opened', job, {
            party_name: partyName(opener),
            milestone_title: disputed.map((milestone) => milestone.title).join(', '),
          }),
          tx,
        );
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeCreated };
    },

    /**
     * Staff settle an open dispute (the console's Disputes: admin-disputes.service.ts): `releaseMinor` of
     * what it holds goes to the professional (oldest hold first), the rest back to the employer through
     * the charge that paid it. With `endContract`, what escrow holds for the other milestones goes back
     * too, the milestones never funded are cancelled and the project closes; otherwise it goes on.
     * Refunds are asked of the provider before anything is written, under keys naming this dispute and
     * charge, so a retry after a failure refunds nothing twice.
     */
    async resolveDispute(
      staff: { id: string },
      paymentId: string,
      resolution: DisputeResolutionRequest,
      /** Written in the resolution's own transaction (the console's audit entry). */
      record?: (tx: Tx, outcome: { heldMinor: number; refundedOtherMinor: number; currency: string }) => Promise<void>,
    ) {
      const note = resolution.note.trim();
      if (!note) throw refuse(['note'], paymentMessages.resolutionNeedsNote);
      const { payment, contract, job } = await paymentContext(paymentId);
      const dispute = await repository.findOpenDispute(payment.id);
      if (!dispute) throw new AppError('conflict', paymentMessages.noOpenDispute);
      const inDispute = new Set(
        (await repository.listMilestones(payment.id))
          .filter((milestone) => milestone.disputeId === dispute.id && !isSettledMilestone(milestone.status))
          .map((milestone) => milestone.id),
      );
      const pending = (await ledger.holdsOfPayments([payment.id])).filter((hold) => hold.status === 'pending').toSorted(oldestFirst);
      const disputedHolds = pending.filter((hold) => inDispute.has(hold.milestoneId));
      const otherHolds = resolution.endContract ? pending.filter((hold) => !inDispute.has(hold.milestoneId)) : [];
      const held = disputedHolds.reduce((sum, hold) => sum + hold.amountMinor, 0);
      if (!Number.isSafeInteger(resolution.releaseMinor) || resolution.releaseMinor < 0 || resolution.releaseMinor > held) {
        throw refuse(['release_amount'], paymentMessages.resolutionOutOfRange(amountText(held, payment.currency)));
      }

      // What each hold releases, oldest first; everything else of it (and of the other holds, when the contract ends) is refunded.
      const releases = new Map<string, number>();
      let releasing = resolution.releaseMinor;
      for (const hold of disputedHolds) {
        const released = Math.min(releasing, hold.amountMinor);
        releasing -= released;
        releases.set(hold.id, released);
      }
      for (const hold of otherHolds) releases.set(hold.id, 0);
      const refunds = new Map<string, { amountMinor: number; key: string }>();
      for (const hold of [...disputedHolds, ...otherHolds]) {
        const refundMinor = hold.amountMinor - (releases.get(hold.id) ?? 0);
        if (refundMinor === 0) continue;
        const charge = await chargeOf(hold, payment.id, dispute.id);
        const refund = refunds.get(charge.providerPaymentId) ?? { amountMinor: 0, key: charge.key };
        refunds.set(charge.providerPaymentId, { ...refund, amountMinor: refund.amountMinor + refundMinor });
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
        if (!locked || open?.status !== 'open') throw new AppError('conflict', paymentMessages.noOpenDispute);
        const now = clock();
        const lockedHolds = await ledger.lockPendingHoldsOfPayment(payment.id, tx);
        // A hold funded or settled in the meantime would be settled without the refund worked out above: start again.
        const planned = [...disputedHolds, ...otherHolds];
        const stillPending = new Set(lockedHolds.map((hold) => hold.id));
        if (planned.some((hold) => !stillPending.has(hold.id)) || (resolution.endContract && lockedHolds.length !== planned.length))
          throw new AppError('conflict', paymentMessages.changedWhileResolving);
        for (const hold of planned) {
          const released = releases.get(hold.id) ?? 0;
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
          const status = settledStatus(hold, released);
          await repository.updateMilestone(hold.milestoneId, status === 'approved' ? { status, approvedAt: now } : { status }, tx);
        }
        let milestones = await repository.lockMilestones(payment.id, tx);
        if (resolution.endContract) {
          for (const milestone of milestones.filter((row) => !isSettledMilestone(row.status)))
            await repository.updateMilestone(milestone.id, { status: 'cancelled' }, tx);
          for (const milestone of milestones) await repository.cancelOpenCheckout('milestone', milestone.id, now, tx);
          milestones = await repository.listMilestones(payment.id, tx);
        }
        await repository.resolveDispute(
          dispute.id,
          {
            decision: resolution.decision,
            resolutionNote: note,
            endedContract: resolution.endContract,
            resolvedBy: staff.id,
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
        if (resolution.endContract) {
          await contracts.endContract(contract.id, anyPaid ? 'completed' : 'cancelled', now, tx);
          await jobState.setJobStatus(job.id, anyPaid ? 'completed' : 'cancelled', now, tx);
        } else if (isSettled && !isHourly) {
          // The dispute was about the last of the plan: the project is done (an hourly contract goes on until a party ends it).
          await writeTogether(tx, [contracts.completeContractsStatement([contract.id], now)]);
          await jobState.setJobStatus(job.id, anyPaid ? 'completed' : 'cancelled', now, tx);
        }
        const parties = await people.partiesOf(contract, tx);
        for (const party of [parties.employer, parties.professional])
          await notifications.notify(paymentNotice(party, 'dispute_resolved', job, { note }), tx);
        await record?.(tx, {
          heldMinor: held,
          refundedOtherMinor: otherHolds.reduce((sum, hold) => sum + hold.amountMinor, 0),
          currency: payment.currency,
        });
      });
      void notifications.dispatchSoon();
      return { message: paymentMessages.disputeResolved };
    },
  };
}

export type PaymentDisputes = ReturnType<typeof createPaymentDisputes>;
