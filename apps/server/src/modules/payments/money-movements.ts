import { money, serviceFeeOf, subtractMoney, sumMoney, type CurrencyCode, type Money, type ServerMessage } from '@mihna/shared';
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
}

const releaseReference = (milestoneId: string) => `release:${milestoneId}`;

/** A milestone's release: out of its payment's escrow, to its professional less the 2% service fee, and the fee to the platform. */
function releaseTransaction(release: Release & { amount: Money; at: Date }): NewLedgerTransaction {
  const { amount } = release;
  const fee = serviceFeeOf(amount);
  const legs = [
    debit(escrowAccount(release.paymentId, amount.currency), amount.minor),
    credit(balanceAccount(release.professionalId, amount.currency), subtractMoney(amount, fee).minor),
  ];
  if (fee.minor > 0) legs.push(credit(platform('service_fees', amount.currency), fee.minor));
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
    /**
     * The employer's charge reached the provider: it is held in the payment's escrow (kept in `currency`),
     * one pending hold per milestone.
     */
    async escrowFunded(
      input: {
        checkoutId: string;
        paymentId: string;
        jobId: string;
        currency: CurrencyCode;
        milestones: { id: string; amount: Money }[];
        at: Date;
      },
      tx: Tx,
    ) {
      const total = sumMoney(
        input.milestones.map((milestone) => milestone.amount),
        input.currency,
      );
      const isNew = await ledger.post(
        {
          kind: 'escrow_funded',
          reference: `checkout:${input.checkoutId}`,
          description: 'Escrow funded',
          paymentId: input.paymentId,
          jobId: input.jobId,
          createdAt: input.at,
          legs: [
            debit(platform('provider_cash', total.currency), total.minor),
            credit(escrowAccount(input.paymentId, total.currency), total.minor),
          ],
        },
        tx,
      );
      if (isNew) {
        await ledger.openHolds(
          input.milestones.map((milestone) => ({
            paymentId: input.paymentId,
            milestoneId: milestone.id,
            amount: milestone.amount,
            createdAt: input.at,
          })),
          tx,
        );
      }
      return isNew;
    },

    /**
     * Approvals: posts each milestone's whole pending hold (`amount`, what it holds), crediting its
     * professional the amount less the 2% service fee, in one statement however many there are. Answers
     * the milestones released; one without a pending hold (already released or refunded) is left out.
     */
    async releaseWholeHolds(releases: (Release & { amount: Money })[], at: Date, tx: Tx): Promise<Set<string>> {
      const written = await ledger.postMany(
        releases.map((release) => ({ ...releaseTransaction({ ...release, at }), posts: release.milestoneId })),
        tx,
      );
      return new Set(
        releases.filter((release) => written.has(releaseReference(release.milestoneId))).map((release) => release.milestoneId),
      );
    },

    /**
     * A dispute's split of a milestone's pending hold: `released` of it is released (less the 2%
     * service fee) and the rest refunded to the employer. False when the milestone has no pending hold.
     */
    async settleHold(input: Release & { released: Money; at: Date }, tx: Tx) {
      const hold = await ledger.lockPendingHold(input.milestoneId, tx);
      if (!hold) return false;
      const { released } = input;
      const refunded = money(hold.amountMinor - released.minor, released.currency);
      if (released.minor > 0) await ledger.post(releaseTransaction({ ...input, amount: released }), tx);
      if (refunded.minor > 0) {
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
              debit(escrowAccount(input.paymentId, refunded.currency), refunded.minor),
              credit(platform('provider_cash', refunded.currency), refunded.minor),
            ],
          },
          tx,
        );
      }
      await ledger.closeHold(hold.id, { postedMinor: released.minor, voidedMinor: refunded.minor }, input.at, tx);
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
        amount: Money;
        at: Date;
      },
      tx: Tx,
    ) {
      const { amount } = input;
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
            debit({ kind: 'cash_paid', ownerId: input.employerId, currency: amount.currency }, amount.minor),
            credit({ kind: 'cash_received', ownerId: input.professionalId, currency: amount.currency }, amount.minor),
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
    featuredFeePaid(input: { checkoutId: string; jobId: string; amount: Money; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'featured_fee',
          reference: `checkout:${input.checkoutId}`,
          description: 'Featured project fee',
          jobId: input.jobId,
          createdAt: input.at,
          legs: [
            debit(platform('provider_cash', input.amount.currency), input.amount.minor),
            credit(platform('featured_income', input.amount.currency), input.amount.minor),
          ],
        },
        tx,
      );
    },

    /** A second charge for something already paid for reached the provider: it is owed back to the payer. */
    duplicateCharged(input: { checkoutId: string; amount: Money; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'duplicate_charge',
          reference: `checkout:${input.checkoutId}`,
          description: 'Second charge, to be refunded',
          createdAt: input.at,
          legs: [
            debit(platform('provider_cash', input.amount.currency), input.amount.minor),
            credit(platform('refunds_due', input.amount.currency), input.amount.minor),
          ],
        },
        tx,
      );
    },

    /** The provider refunded a second charge. */
    duplicateRefunded(input: { checkoutId: string; amount: Money; at: Date }, tx: Tx) {
      return ledger.post(
        {
          kind: 'duplicate_refunded',
          reference: `duplicate-refund:${input.checkoutId}`,
          description: 'Second charge refunded',
          createdAt: input.at,
          legs: [
            debit(platform('refunds_due', input.amount.currency), input.amount.minor),
            credit(platform('provider_cash', input.amount.currency), input.amount.minor),
          ],
        },
        tx,
      );
    },
  };
}

/** A payout of a professional's, and how much. */
interface Payout {
  payoutId: string;
  professionalId: string;
  amount: Money;
  at: Date;
}

/** Payouts: out of the available balance, then paid by the provider or returned. */
function payoutMovements(ledger: LedgerRepository) {
  return {
    /** Moves a payout out of the available balance; refused (409) when the balance does not cover it. */
    payoutRequested(input: Payout, tx: Tx, overdrawn: ServerMessage) {
      return ledger.post(
        {
          kind: 'payout_requested',
          reference: `payout:${input.payoutId}`,
          description: 'Payout requested',
          createdAt: input.at,
          legs: [
            debit(balanceAccount(input.professionalId, input.amount.currency), input.amount.minor),
            credit(payoutsPending(input.professionalId, input.amount.currency), input.amount.minor),
          ],
        },
        tx,
        overdrawn,
      );
    },

    /** The provider paid the payout out of the platform's money. */
    payoutPaid(input: Payout, tx: Tx) {
      return ledger.post(
        {
          kind: 'payout_paid',
          reference: `payout-paid:${input.payoutId}`,
          description: 'Payout paid',
          createdAt: input.at,
          legs: [
            debit(payoutsPending(input.professionalId, input.amount.currency), input.amount.minor),
            credit(platform('provider_cash', input.amount.currency), input.amount.minor),
          ],
        },
        tx,
      );
    },

    /** The provider could not pay: the money returns to the available balance. */
    payoutFailed(input: Payout, tx: Tx) {
      return ledger.post(
        {
          kind: 'payout_failed',
          reference: `payout-failed:${input.payoutId}`,
          description: 'Payout returned',
          createdAt: input.at,
          legs: [
            debit(payoutsPending(input.professionalId, input.amount.currency), input.amount.minor),
            credit(balanceAccount(input.professionalId, input.amount.currency), input.amount.minor),
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
