import {
  currencies,
  identityMessages,
  messages,
  money,
  payoutMessages,
  toDecimal,
  type CurrencyCode,
  type Earnings,
  type Payout,
} from '@mihna/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireAmount } from '../../lib/money-input.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import { balanceAccount, type MoneyMovements } from './money-movements.ts';
import { amountParams } from './payment-notices.ts';
import { payoutsAccess } from './payments.access.ts';
import type { PeopleLookup } from '../users/index.ts';
import { ProviderRefused, type PaymentProvider, type ProviderEvent } from './providers/payment-provider.ts';
import type { PayoutRow, PayoutsRepository } from './payouts.repository.ts';
import type { PayoutMethodsService } from './payout-methods.service.ts';
import { amountOf } from './stored-amount.ts';

/** A payout the provider has not acknowledged after this long is sent again (with the same keys). */
const RESEND_AFTER_MS = 60_000;

export const payoutView = (row: PayoutRow): Payout => ({
  id: row.id,
  amount: toDecimal(amountOf(row)),
  currency: row.currency,
  status: row.status,
  iban_last4: row.ibanLast4,
  account_holder: row.accountHolder,
  created_at: row.createdAt.toISOString(),
  paid_at: row.paidAt?.toISOString() ?? null,
});

/** A professional's balances per currency (available, on the way, in escrow, earned, paid out), history and payouts. */
async function earningsOf(repository: PayoutsRepository, professionalId: string): Promise<Earnings> {
  const [accounts, escrow, totals, history, payouts] = await Promise.all([
    repository.balances(professionalId),
    repository.inEscrow(professionalId),
    repository.totalsByKind(professionalId),
    repository.history(professionalId, 100),
    repository.listPayouts(professionalId, 50),
  ]);
  const codes = new Set([...accounts.map((row) => row.currency), ...escrow.map((row) => row.currency)]);
  const total = (currency: string, accountKind: string, kind: string) =>
    totals.find((row) => row.currency === currency && row.accountKind === accountKind && row.kind === kind)?.total ?? 0;
  const balances = [...codes].sort().map((currency) => {
    const balance = (kind: string) => accounts.find((row) => row.currency === currency && row.kind === kind)?.balance ?? 0;
    const decimal = (minor: number) => toDecimal(money(minor, currency as CurrencyCode));
    return {
      currency,
      available: decimal(balance('professional_balance')),
      pending_payouts: decimal(balance('payouts_pending')),
      in_escrow: decimal(escrow.find((row) => row.currency === currency)?.total ?? 0),
      // Credits are negative entries: what releases added to the balance, and what the provider paid out.
      earned: decimal(-total(currency, 'professional_balance', 'milestone_released')),
      paid_out: decimal(total(currency, 'payouts_pending', 'payout_paid')),
    };
  });
  return {
    balances,
    history: history.map((entry) => ({
      id: String(entry.id),
      kind: entry.kind,
      amount: toDecimal(money(-entry.amountMinor, entry.currency as CurrencyCode)),
      currency: entry.currency,
      created_at: entry.createdAt.toISOString(),
      job: entry.jobId && entry.jobTitle ? { id: entry.jobId, title: entry.jobTitle } : null,
    })),
    payouts: payouts.map(payoutView),
  };
}

/**
 * Earnings and payouts. A payout leaves the available balance in the same transaction that records
 * it, under a lock on the balance (and the database's own check), so two requests at once can never
 * pay out more than there is. The provider is asked afterwards; a final refusal returns the money,
 * anything uncertain is sent again later with the same idempotency keys.
 */
export function createPayoutsService(dependencies: {
  db: Db;
  repository: PayoutsRepository;
  ledger: LedgerRepository;
  movements: MoneyMovements;
  provider: PaymentProvider;
  people: PeopleLookup;
  notifications: NotificationsService;
  methods: PayoutMethodsService;
  /** Whether this professional must verify their national identity before a payout (PAYOUTS_REQUIRE_IDENTITY). */
  needsIdentity: (professionalId: string, country: string) => Promise<boolean>;
  logger: FastifyBaseLogger;
  clock: () => Date;
}) {
  const { db, repository, ledger, movements, provider, people, notifications, methods, needsIdentity, logger, clock } = dependencies;

  const movement = (payout: PayoutRow) => ({
    payoutId: payout.id,
    professionalId: payout.professionalId,
    amount: amountOf(payout),
    at: clock(),
  });

  async function notify(payout: PayoutRow, kind: 'payout_paid' | 'payout_failed', tx: Tx) {
    const person = await people.find(payout.professionalId, tx);
    await notifications.notify(
      {
        userId: payout.professionalId,
        kind,
        link: '/earnings',
        params: { ...amountParams(amountOf(payout)), iban_last4: payout.ibanLast4 },
        email: person?.email,
      },
      tx,
    );
  }

  /** Marks a payout paid or failed, once: the payout row's lock makes the two outcomes exclusive. */
  async function settle(payoutId: string, outcome: 'paid' | 'failed', reason: string | null, tx: Tx) {
    const payout = await repository.lockPayout(payoutId, tx);
    if (!payout || payout.status !== 'requested') return;
    if (outcome === 'paid') {
      await movements.payoutPaid(movement(payout), tx);
      await repository.updatePayout(payout.id, { status: 'paid', paidAt: clock() }, tx);
    } else {
      await movements.payoutFailed(movement(payout), tx);
      await repository.updatePayout(payout.id, { status: 'failed', failedAt: clock(), failureReason: reason }, tx);
    }
    await notify(payout, outcome === 'paid' ? 'payout_paid' : 'payout_failed', tx);
  }

  /** Asks the provider to pay; the answer is recorded. Errors other than a refusal leave it to be sent again. */
  async function send(payout: PayoutRow, iban: string | undefined) {
    const accountId =
      payout.providerAccountId ?? (await repository.findAccountFor(payout.professionalId, payout.ibanFingerprint ?? '', provider.name));
    if (!accountId && !iban) {
      // Sent again with no bank account to send it to (removed, or payouts frozen since): the money comes back.
      await transaction(db, (tx) => settle(payout.id, 'failed', 'The bank account is no longer saved; request the payout again.', tx));
      return;
    }
    try {
      const result = await provider.payout({
        payoutId: payout.id,
        professionalId: payout.professionalId,
        amount: amountOf(payout),
        iban: iban ?? '',
        accountHolder: payout.accountHolder,
        accountId,
      });
      await transaction(db, async (tx) => {
        await repository.updatePayout(payout.id, { providerPayoutId: result.providerPayoutId, providerAccountId: result.accountId }, tx);
        if (result.status === 'paid') await settle(payout.id, 'paid', null, tx);
      });
    } catch (error) {
      if (error instanceof ProviderRefused) {
        await transaction(db, (tx) => settle(payout.id, 'failed', error.message, tx));
        return;
      }
      logger.error({ err: error, payoutId: payout.id }, 'a payout could not reach the provider; it will be sent again');
    }
  }

  return {
    async earnings(actor: Actor): Promise<Earnings> {
      await payoutsAccess.require(actor, 'earnings.read');
      return earningsOf(repository, actor.id);
    },

    /** Pays out to a saved payout method (usable 24 hours after it was added); the route asks for step-up first. */
    async requestPayout(actor: Actor, input: { amount: number; currency: string; payout_method_id: string }) {
      await payoutsAccess.require(actor, 'payout.request');
      const currency = currencies.find((candidate) => candidate.code === input.currency)?.code;
      if (!currency)
        throw new AppError('validation_failed', [{ loc: ['body', 'currency'], msg: messages.invalidFormat, type: 'value_error' }]);
      const amount = requireAmount(input.amount, currency, 'amount');
      const { method, iban } = await methods.usable(actor.id, input.payout_method_id);
      // By the bank account's country (the IBAN's), which the professional cannot change as they can their profile's.
      if (await needsIdentity(actor.id, method.country)) throw new AppError('identity_required', identityMessages.payoutNeedsIdentity);
      const payout = await transaction(db, async (tx) => {
        // Again under the lock a freeze takes: a freeze that committed meanwhile stops this payout.
        await methods.lockFor(actor.id, tx);
        await methods.usable(actor.id, input.payout_method_id, tx);
        const available = await ledger.lockAccount(balanceAccount(actor.id, currency), tx);
        if (available === 0) throw new AppError('conflict', payoutMessages.noBalance);
        if (amount.minor > available) throw new AppError('conflict', payoutMessages.overdrawn);
        const row = await repository.insertPayout(
          {
            professionalId: actor.id,
            amount,
            ibanLast4: method.ibanLast4,
            ibanFingerprint: method.ibanFingerprint,
            accountHolder: method.accountHolder,
            payoutMethodId: method.id,
            provider: provider.name,
            createdAt: clock(),
          },
          tx,
        );
        await movements.payoutRequested(movement(row), tx, payoutMessages.overdrawn);
        return row;
      });
      await send(payout, iban);
      const current = (await repository.findPayout(payout.id)) ?? payout;
      const message = { requested: payoutMessages.requested, paid: payoutMessages.paid, failed: payoutMessages.failed }[current.status];
      return { message, payout: payoutView(current) };
    },

    /** A provider's word on a payout (Stripe's payout.paid / payout.failed), applied by the webhook inbox. */
    async applyPayoutEvent(event: ProviderEvent, tx: Tx) {
      if (!event.payoutId) return;
      await settle(
        event.payoutId,
        event.type === 'payout.paid' ? 'paid' : 'failed',
        event.type === 'payout.failed' ? 'The bank returned the payout.' : null,
        tx,
      );
    },

    /** Sends again the payouts the provider never acknowledged (a timeout, a restart). */
    async resendUnsent() {
      for (const payout of await repository.listUnsent(new Date(clock().getTime() - RESEND_AFTER_MS), 50)) {
        const iban = payout.payoutMethodId ? await methods.ibanOf(payout.payoutMethodId) : undefined;
        if (payout.payoutMethodId && !iban) {
          // Its bank account was removed, or payouts frozen, since: nothing goes out, the money comes back.
          await transaction(db, (tx) => settle(payout.id, 'failed', 'The bank account is no longer saved; request the payout again.', tx));
          continue;
        }
        await send(payout, iban);
      }
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
