import { money, serviceFeeOf, type CurrencyCode, type ServerMessage } from '@mihna/shared';
import type { Tx } from '../../db/transaction.ts';
import { credit, debit, PLATFORM, type AccountRef, type LedgerRepository, type NewLedgerTransaction } from './ledger.repository.ts';

const platform = (kind: 'provider_cash' | 'service_fees' | 'featured_income' | 'refunds_due', currency: string): AccountRef => ({
  kind,
  ownerId: PLATFORM,
  currency,
});
export const escrowAccount = (paymentId: string, currency: string): AccountRef => ({ kind: 'escrow', ownerId: paymentId, currency });
export const balanceAccount = (professionalId: string, currency: string): AccountRef => ({
  kind: 'professional_balance',
  ownerId: professionalId,
  currency,
});
const payoutsPending = (professionalId: string, currency: string): AccountRef => ({
  kind: 'payouts_pending',
  ownerId: professionalId,
  currency,
});

/** Whose milestone, out of which escrow, to whom. */
interface Release {
  milestoneId: string;
  paymentId: string;
  jobId: string;
  professionalId: string;
  currency: string;
}

const releaseReference = (milestoneId: string) => `release:${milestoneId}`;

/** A milestone's release: out of its payment's escrow, to its professional less the 2% service fee, and the fee to the platform. */
function releaseTransaction(release: Release & { amountMinor: number; at: Date }): NewLedgerTransaction {
  const fee = serviceFeeOf(money(release.amountMinor, release.currency as CurrencyCode)).minor;
  const legs = [
    debit(escrowAccount(release.paymentId, release.currency), release.amountMinor),
    credit(balanceAccount(release.professionalId, release.currency), release.amountMinor - fee),
  ];
  if (fee > 0) legs.push(credit(platform('service_fees', release.currency), fee));
  return {
    kind: 'milestone_released',
    reference: releaseReference(release.milestoneId),
    description: 'Milestone payment released',
    paymentId: release.paymentId,
    milestoneId: release.milestoneId,
    jobId: release.jobId,
    createdAt: release.at,
    legs,
  };
}
/** Escrow: funded, released (less the 2% service fee), split by a dispute, and cash paid in person. */
function escrowMovements(ledger: LedgerRepository) {
  return {
    /** The employer's charge reached the provider: it is held in the payment's escrow, one pending hold per milestone. */
    async escrowFunded(
      input: {
        checkoutId: string;
        paymentId: string;
        jobId: string;
        currency: string;
        milestones: { id: string; amountMinor: number }[];
        at: Date;
      },
      tx: Tx,
    ) {
      const total = input.milestones.reduce((sum, milestone) => sum + milestone.amountMinor, 0);
      const isNew = await ledger.post(
        {
          kind: 'escrow_funded',
          reference: `checkout:${input.checkoutId}`,
          description: 'Escrow funded',
          paymentId: input.paymentId,
          jobId: input.jobId,
          createdAt: input.at,
          legs: [debit(platform('provider_cash', input.currency), total), credit(escrowAccount(input.paymentId, input.currency), total)],
        },
        tx,
      );
      if (isNew) {
        await ledger.openHolds(
          input.milestones.map((milestone) => ({
            paymentId: input.paymentId,
            milestoneId: milestone.id,
            amountMinor: milestone.amountMinor,
            currency: input.currency,
            createdAt: input.at,
          })),
          tx,
        );
      }
      return isNew;
    },

    /**
     * Approvals: posts each milestone's whole pending hold (`amountMinor`, what it holds), crediting its
     * professional the amount less the 2% service fee, in one statement however many there are. Answers
     * the milestones released; one without a pending hold (already released or refunded) is left out.
     */
    async releaseWholeHolds(releases: (Release & { amountMinor: number })[], at: Date, tx: Tx): Promise<Set<string>> {
      const written = await ledger.postMany(
        releases.map((release) => ({ ...releaseTransaction({ ...release, at }), posts: release.milestoneId })),
        tx,
      );
      return new Set(
        releases.filter((release) => written.has(releaseReference(release.milestoneId))).map((release) => release.milestoneId),
      );
    },

    /**
     * A dispute's split of a milestone's pending hold: `amountMinor` of it is released (less the 2%
     * service fee) and the rest refunded to the employer. False when the milestone has no pending hold.
     */
    async settleHold(input: Release & { amountMinor: number; at: Date }, tx: Tx) {
      const hold = await ledger.lockPendingHold(input.milestoneId, tx);
      if (!hold) return false;
      const released = input.amountMinor;
      const refunded = hold.amountMinor - released;
      if (released > 0) await ledger.post(releaseTransaction({ ...input, amountMinor: released }), tx);
      if (refunded > 0) {
        await ledger.post(
          {
            kind: 'escrow_refunded',
            reference: `refund:${input.milestoneId}`,
            description: 'Escrow refunded to the employer',
            paymentId: input.paymentId,
            milestoneId: input.milestoneId,
            jobId: input.jobId,
            createdAt: input.at,
            legs: [
              debit(escrowAccount(input.paymentId, input.currency), refunded),
              credit(platform('provider_cash', input.currency), refunded),
            ],
          },
          tx,
        );
      }
      await ledger.closeHold(hold.id, { postedMinor: released, voidedMinor: refunded }, input.at, tx);
      return true;
    },

    /** A cash milestone the employer confirmed: recorded off-platform, for settlement value only. */
    cashSettled(
      input: {
        milestoneId: string;
        paymentId: string;
        jobId: string;
        employerId: string;
        professionalId: string;
        amountMinor: number;
        currency: string;
        at: Date;
      },
      tx: Tx,
    ) {
      return ledger.post(
        {
          kind: 'cash_settled',
          reference: `cash:${input.milestoneId}`,
          description: 'Milestone paid in cash',
          paymentId: input.paymentId,
          milestoneId: input.milestoneId,
          jobId: input.jobId,
          createdAt: input.at,
          legs: [
            debit({ kind: 'cash_paid', ownerId: input.employerId, currency: input.currency }, input.amountMinor),
            credit({ kind: 'cash_received', ownerId: input.professionalId, currency: input.currency }, input.amountMinor),
          ],
        },
        tx,
      );
    },
  };
}

/** The platform's own charges: the featured fee, and second charges owed back and refunded. */
function chargeMovements(ledger: LedgerRepository) {
  return {
    /** The featured fee reached the provider: featured income. */
    featuredFeePaid(input: { checkoutId: string; jobId: string; amountMinor: number; currency: string; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'featured_fee',
          reference: `checkout:${input.checkoutId}`,
          description: 'Featured project fee',
          jobId: input.jobId,
          createdAt: input.at,
          legs: [
            debit(platform('provider_cash', input.currency), input.amountMinor),
            credit(platform('featured_income', input.currency), input.amountMinor),
          ],
        },
        tx,
      );
    },

    /** A second charge for something already paid for reached the provider: it is owed back to the payer. */
    duplicateCharged(input: { checkoutId: string; amountMinor: number; currency: string; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'duplicate_charge',
          reference: `checkout:${input.checkoutId}`,
          description: 'Second charge, to be refunded',
          createdAt: input.at,
          legs: [
            debit(platform('provider_cash', input.currency), input.amountMinor),
            credit(platform('refunds_due', input.currency), input.amountMinor),
          ],
        },
        tx,
      );
    },

    /** The provider refunded a second charge. */
    duplicateRefunded(input: { checkoutId: string; amountMinor: number; currency: string; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'duplicate_refunded',
          reference: `duplicate-refund:${input.checkoutId}`,
          description: 'Second charge refunded',
          createdAt: input.at,
          legs: [
            debit(platform('refunds_due', input.currency), input.amountMinor),
            credit(platform('provider_cash', input.currency), input.amountMinor),
          ],
        },
        tx,
      );
    },
  };
}

/** Payouts: out of the available balance, then paid by the provider or returned. */
function payoutMovements(ledger: LedgerRepository) {
  return {
    /** Moves a payout out of the available balance; refused (409) when the balance does not cover it. */
    payoutRequested(
      input: { payoutId: string; professionalId: string; amountMinor: number; currency: string; at: Date },
      tx: Tx,
      overdrawn: ServerMessage,
    ) {
      return ledger.post(
        {
          kind: 'payout_requested',
          reference: `payout:${input.payoutId}`,
          description: 'Payout requested',
          createdAt: input.at,
          legs: [
            debit(balanceAccount(input.professionalId, input.currency), input.amountMinor),
            credit(payoutsPending(input.professionalId, input.currency), input.amountMinor),
          ],
        },
        tx,
        overdrawn,
      );
    },

    /** The provider paid the payout out of the platform's money. */
    payoutPaid(input: { payoutId: string; professionalId: string; amountMinor: number; currency: string; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'payout_paid',
          reference: `payout-paid:${input.payoutId}`,
          description: 'Payout paid',
          createdAt: input.at,
          legs: [
            debit(payoutsPending(input.professionalId, input.currency), input.amountMinor),
            credit(platform('provider_cash', input.currency), input.amountMinor),
          ],
        },
        tx,
      );
    },

    /** The provider could not pay: the money returns to the available balance. */
    payoutFailed(input: { payoutId: string; professionalId: string; amountMinor: number; currency: string; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'payout_failed',
          reference: `payout-failed:${input.payoutId}`,
          description: 'Payout returned',
          createdAt: input.at,
          legs: [
            debit(payoutsPending(input.professionalId, input.currency), input.amountMinor),
            credit(balanceAccount(input.professionalId, input.currency), input.amountMinor),
          ],
        },
        tx,
      );
    },
  };
}

/**
 * Every movement of money the marketplace makes, each one balanced ledger transaction written in the
 * caller's database transaction. `reference` names the real-world event, so each lands once.
 */
export function createMoneyMovements(ledger: LedgerRepository) {
  return { ...chargeMovements(ledger), ...escrowMovements(ledger), ...payoutMovements(ledger) };
}

export type MoneyMovements = ReturnType<typeof createMoneyMovements>;
