import { ledgerMessages, type Money, type ServerMessage } from '@mihna/shared';
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, ledgerHolds } from './payments.schema.ts';
import { preparedRowsOf } from '../../db/rows.ts';
import type { Part } from '../../db/together.ts';
import { atTheEnd, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { storedAmount } from './stored-amount.ts';

/**
 * The chart of accounts. Debit-normal accounts are what the platform holds; credit-normal ones are
 * what it owes or earned. Guarded accounts keep a balance that may never go below zero.
 */
export const accountKinds = {
  /** Money at the payment provider: charges in, refunds and payouts out. */
  provider_cash: { normal: 'debit', isGuarded: false, isOffPlatform: false },
  /** One per payment: what the employer funded and is not yet released or refunded. */
  escrow: { normal: 'credit', isGuarded: true, isOffPlatform: false },
  /** One per professional: released earnings they may pay out. */
  professional_balance: { normal: 'credit', isGuarded: true, isOffPlatform: false },
  /** One per professional: payouts requested and not yet confirmed paid by the provider. */
  payouts_pending: { normal: 'credit', isGuarded: true, isOffPlatform: false },
  service_fees: { normal: 'credit', isGuarded: false, isOffPlatform: false },
  featured_income: { normal: 'credit', isGuarded: false, isOffPlatform: false },
  /** Second charges for something already paid for, owed back to their payers until the provider refunds them. */
  refunds_due: { normal: 'credit', isGuarded: true, isOffPlatform: false },
  /** Cash paid in person: recorded for settlement value, never part of a balance. */
  cash_paid: { normal: 'debit', isGuarded: false, isOffPlatform: true },
  cash_received: { normal: 'credit', isGuarded: false, isOffPlatform: true },
} as const;
export type AccountKind = keyof typeof accountKinds;

/** The platform's own accounts are owned by the nil uuid. */
export const PLATFORM = '00000000-0000-0000-0000-000000000000';

export interface AccountRef {
  kind: AccountKind;
  ownerId: string;
  currency: string;
}

/** One leg of a transaction: debit is positive, credit negative. */
export interface Leg {
  account: AccountRef;
  amountMinor: number;
}

export interface NewLedgerTransaction {
  kind: string;
  /** Names the real-world event: a second transaction with the same reference is refused. */
  reference: string;
  description: string;
  paymentId?: string | null;
  milestoneId?: string | null;
  jobId?: string | null;
  createdAt: Date;
  legs: Leg[];
  /**
   * The milestone whose pending hold this transaction releases: it is written only if that hold is
   * still pending, and the hold is posted whole with it.
   */
  posts?: string;
}

export const debit = (account: AccountRef, amountMinor: number): Leg => ({ account, amountMinor });
export const credit = (account: AccountRef, amountMinor: number): Leg => ({ account, amountMinor: -amountMinor });

const accountKey = (account: AccountRef) => `${account.kind}:${account.ownerId}:${account.currency}`;
const CHECK_VIOLATION = '23514';

function isCheckViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === CHECK_VIOLATION) return true;
  }
  return false;
}

/** Accounts have ids derived from what they are, so finding one needs no query (the same in every process). */
export function accountIdOf(account: AccountRef): string {
  const hex = createHash('sha256').update(accountKey(account)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The first day (YYYY-MM-01) of the month an instant falls in on the Gulf's clock (UTC+4 all year). */
const gulfMonthOf = (instant: Date) => `${new Date(instant.getTime() + 4 * 3_600_000).toISOString().slice(0, 7)}-01`;

/** What a professional is paid: releases to their balance (net of fees), and cash their employer confirmed. */
const isEarning = (kind: string, leg: Leg) =>
  (kind === 'milestone_released' && leg.account.kind === 'professional_balance') || leg.account.kind === 'cash_received';
/** What an employer pays on a project (refunds counted back): a transaction's amount is the sum of its debits. */
const spendingSign: Record<string, number> = { escrow_funded: 1, featured_fee: 1, cash_settled: 1, escrow_refunded: -1 };

interface MonthlyChanges {
  earned: Map<string, { userId: string; currency: string; month: string; amount: number }>;
  spent: { jobId: string; currency: string; month: string; amount: number }[];
}
const monthlyChanges = new WeakMap<Tx, MonthlyChanges>();

/**
 * Adds newly written transactions to the users' monthly totals (money_by_month): what professionals
 * earned, by their balance or cash account, and what employers spent, by the project's owner. The
 * changes gather through the database transaction and are written at its end, in one statement in
 * key order (transaction.ts atTheEnd): two transactions never lock two users' months in opposite orders.
 */
function addToMonthlyTotals(transactions: NewLedgerTransaction[], tx: Tx) {
  let changes = monthlyChanges.get(tx);
  if (!changes) {
    const created: MonthlyChanges = { earned: new Map(), spent: [] };
    monthlyChanges.set(tx, created);
    atTheEnd(tx, () => monthlyTotalsStatement(created));
    changes = created;
  }
  for (const transaction of transactions) {
    const month = gulfMonthOf(transaction.createdAt);
    for (const leg of transaction.legs) {
      if (!isEarning(transaction.kind, leg)) continue;
      const key = `${leg.account.ownerId} ${leg.account.currency} ${month}`;
      const row = changes.earned.get(key) ?? { userId: leg.account.ownerId, currency: leg.account.currency, month, amount: 0 };
      changes.earned.set(key, { ...row, amount: row.amount - leg.amountMinor });
    }
    const sign = spendingSign[transaction.kind];
    if (sign && transaction.jobId) {
      const debits = new Map<string, number>();
      for (const leg of transaction.legs)
        if (leg.amountMinor > 0) debits.set(leg.account.currency, (debits.get(leg.account.currency) ?? 0) + leg.amountMinor);
      for (const [currency, amount] of debits) changes.spent.push({ jobId: transaction.jobId, currency, month, amount: sign * amount });
    }
  }
}

/** The statement that adds the transaction's changes to the monthly totals, written at its end. */
function monthlyTotalsStatement({ earned, spent }: MonthlyChanges): Part[] {
  if (earned.size === 0 && spent.length === 0) return [];
  const rows: SQL[] = [];
  if (earned.size > 0)
    rows.push(
      sql`select v.user_id, v.currency, v.month, v.amount as earned, 0::bigint as spent from (values ${sql.join(
        [...earned.values()].map((row) => sql`(${row.userId}::uuid, ${row.currency}::text, ${row.month}::date, ${row.amount}::bigint)`),
        sql`, `,
      )}) as v(user_id, currency, month, amount)`,
    );
  if (spent.length > 0)
    rows.push(
      sql`select j.employer_id, v.currency, v.month, 0::bigint, v.amount from (values ${sql.join(
        spent.map((row) => sql`(${row.jobId}::uuid, ${row.currency}::text, ${row.month}::date, ${row.amount}::bigint)`),
        sql`, `,
      )}) as v(job_id, currency, month, amount) join jobs j on j.id = v.job_id`,
    );
  return [
    sql`
    insert into money_by_month (user_id, currency, month, earned_minor, spent_minor)
    select user_id, currency, month, sum(earned), sum(spent) from (${sql.join(rows, sql` union all `)}) as moved(user_id, currency, month, earned, spent)
    group by user_id, currency, month order by user_id, currency, month
    on conflict (user_id, currency, month) do update
      set earned_minor = money_by_month.earned_minor + excluded.earned_minor, spent_minor = money_by_month.spent_minor + excluded.spent_minor`,
  ];
}

/** What else the writer does with the transactions it writes, in the same database transaction. */
export interface LedgerFollowers {
  /** Issues tax invoices for the fees among them (invoices/fee-invoices.ts). */
  onWritten?: (transactions: NewLedgerTransaction[], tx: Tx) => void;
}

/**
 * Writes balanced transactions in the caller's transaction, in one statement however many there are;
 * answers the references written (one already written, its event applied, is left out). A transaction
 * that `posts` a milestone's hold is written only when that hold was still pending, and the hold is
 * posted whole in the same statement, so a hold is released at most once. Guarded balances move by the
 * sum of their legs, and an overdraw is refused.
 */
async function writeTransactions(
  transactions: NewLedgerTransaction[],
  tx: Tx,
  overdrawn: ServerMessage,
  followers: LedgerFollowers,
): Promise<Set<string>> {
  if (transactions.length === 0) return new Set();
  const references = new Set(transactions.map((transaction) => transaction.reference));
  if (references.size !== transactions.length) throw new Error('two ledger transactions with one reference');
  for (const transaction of transactions) {
    const sums = new Map<string, number>();
    for (const leg of transaction.legs) {
      if (!Number.isSafeInteger(leg.amountMinor) || leg.amountMinor === 0) throw new Error(`bad ledger amount ${leg.amountMinor}`);
      sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0) + leg.amountMinor);
    }
    for (const [currency, sum] of sums) if (sum !== 0) throw new Error(`unbalanced ${transaction.kind}: ${currency} ${sum}`);
  }

  const legs = transactions.flatMap((transaction) =>
    transaction.legs.map((leg) => ({ ...leg, reference: transaction.reference, accountId: accountIdOf(leg.account) })),
  );
  const accounts = [...new Map(legs.map((leg) => [leg.accountId, leg.account]))].sort(([a], [b]) => (a < b ? -1 : 1));
  const guarded = accounts.filter(([, account]) => accountKinds[account.kind].isGuarded);
  const unguarded = accounts.filter(([, account]) => !accountKinds[account.kind].isGuarded);
  const posting = transactions.filter((transaction) => transaction.posts);
  const column = <T>(values: T[]) => sql.param(values);
  const accountColumns = (list: [string, AccountRef][]) => sql`
    ${column(list.map(([id]) => id))}::uuid[], ${column(list.map(([, account]) => account.kind))}::text[],
    ${column(list.map(([, account]) => account.ownerId))}::uuid[], ${column(list.map(([, account]) => account.currency))}::text[],
    ${column(list.map(([, account]) => accountKinds[account.kind].normal))}::text[],
    ${column(list.map(([, account]) => accountKinds[account.kind].isOffPlatform))}::boolean[]`;

  // One round trip: the holds posted, the transactions (less those whose reference was written or
  // whose hold was not pending), the accounts they need and their entries, and the guarded balances,
  // each account locked by its upsert in id order so two transactions never wait on each other in a
  // cycle. The upsert's lock is the one an update takes (no key update): a stronger one would wait on
  // the key-share locks other transactions' entries hold on the same accounts. The database checks a
  // proposed row before it finds the one it conflicts with, so an account that exists is proposed at
  // zero or more and its change applied by the update, which the check then sees; a new one is proposed
  // at its change, which the check refuses when it would start below zero (accounts are never deleted,
  // so one missing from the statement's snapshot is new, or was created a moment ago and is refused
  // as if it were). Either way an overdraw fails the statement, and with it the transaction.
  let rows: { reference: string | null; hold: string | null }[];
  try {
    rows = await preparedRowsOf(
      tx,
      'ledger_post',
      sql`
    with posted as (
      update ledger_holds as hold set status = 'posted', posted_minor = hold.amount_minor, voided_minor = 0, closed_at = v.closed_at
      from unnest(${column(posting.map((transaction) => transaction.posts))}::uuid[],
        ${column(posting.map((transaction) => transaction.createdAt.toISOString()))}::timestamptz[]) as v(milestone_id, closed_at)
      where hold.milestone_id = v.milestone_id and hold.status = 'pending'
      returning hold.milestone_id
    ), written as (
      insert into ledger_transactions (kind, reference, description, payment_id, milestone_id, job_id, created_at)
      select kind, reference, description, payment_id, milestone_id, job_id, created_at from unnest(
        ${column(transactions.map((transaction) => transaction.kind))}::text[], ${column(transactions.map((transaction) => transaction.reference))}::text[],
        ${column(transactions.map((transaction) => transaction.description))}::text[],
        ${column(transactions.map((transaction) => transaction.paymentId ?? null))}::uuid[],
        ${column(transactions.map((transaction) => transaction.milestoneId ?? null))}::uuid[],
        ${column(transactions.map((transaction) => transaction.jobId ?? null))}::uuid[],
        ${column(transactions.map((transaction) => transaction.createdAt.toISOString()))}::timestamptz[],
        ${column(transactions.map((transaction) => transaction.posts ?? null))}::uuid[]
      ) as v(kind, reference, description, payment_id, milestone_id, job_id, created_at, posts)
      where v.posts is null or v.posts in (select milestone_id from posted)
      on conflict (reference) do nothing
      returning id, reference
    ), legs as (
      select * from unnest(${column(legs.map((leg) => leg.reference))}::text[], ${column(legs.map((leg) => leg.accountId))}::uuid[],
        ${column(legs.map((leg) => leg.amountMinor))}::bigint[], ${column(legs.map((leg) => leg.account.currency))}::text[])
        as v(reference, account_id, amount_minor, currency)
    ), accounts as (
      insert into ledger_accounts (id, kind, owner_id, currency, normal, is_guarded, is_off_platform)
      select id, kind, owner_id, currency, normal, false, is_off_platform from unnest(${accountColumns(unguarded)})
        as v(id, kind, owner_id, currency, normal, is_off_platform)
      where exists (select 1 from written)
      on conflict (id) do nothing
    ), entries as (
      insert into ledger_entries (transaction_id, account_id, amount_minor, currency)
      select written.id, legs.account_id, legs.amount_minor, legs.currency from written join legs on legs.reference = written.reference
    ), moving as (
      select v.id, v.kind, v.owner_id, v.currency, v.normal, v.is_off_platform,
        sum(case when v.normal = 'debit' then legs.amount_minor else -legs.amount_minor end) as change
      from unnest(${accountColumns(guarded)}) as v(id, kind, owner_id, currency, normal, is_off_platform)
      join legs on legs.account_id = v.id join written on written.reference = legs.reference
      group by v.id, v.kind, v.owner_id, v.currency, v.normal, v.is_off_platform
    ), balances as (
      insert into ledger_accounts as account (id, kind, owner_id, currency, normal, is_guarded, is_off_platform, balance_minor)
      select id, kind, owner_id, currency, normal, true, is_off_platform,
        case when exists (select 1 from ledger_accounts where ledger_accounts.id = moving.id) then greatest(change, 0) else change end
      from moving order by id
      on conflict (id) do update set balance_minor = account.balance_minor + (select change from moving where moving.id = excluded.id)
    )
    select reference, null::uuid as hold from written union all select null, milestone_id from posted`,
    );
  } catch (error) {
    if (isCheckViolation(error)) throw new AppError('conflict', overdrawn);
    throw error;
  }
  const written = new Set(rows.flatMap((row) => (row.reference ? [row.reference] : [])));
  const posted = new Set(rows.flatMap((row) => (row.hold ? [row.hold] : [])));
  for (const transaction of transactions)
    if (transaction.posts && posted.has(transaction.posts) !== written.has(transaction.reference))
      throw new Error(`the hold of milestone ${transaction.posts} and its transaction ${transaction.reference} parted`);
  if (written.size === 0) return written;
  const writtenTransactions = transactions.filter((transaction) => written.has(transaction.reference));
  addToMonthlyTotals(writtenTransactions, tx);
  followers.onWritten?.(writtenTransactions, tx);
  return written;
}

export function createLedgerRepository(db: Db, followers: LedgerFollowers = {}) {
  const postMany = (transactions: NewLedgerTransaction[], tx: Tx, overdrawn: ServerMessage = ledgerMessages.insufficientBalance) =>
    writeTransactions(transactions, tx, overdrawn, followers);

  return {
    /**
     * Writes one balanced transaction in the caller's transaction; false when its reference was
     * already written (the event it records has been applied).
     */
    async post(transaction: NewLedgerTransaction, tx: Tx, overdrawn: ServerMessage = ledgerMessages.insufficientBalance): Promise<boolean> {
      return (await postMany([transaction], tx, overdrawn)).size === 1;
    },

    postMany,

    /** A guarded account's balance in its normal direction (0 when it has never moved). */
    async balanceOf(account: AccountRef, executor: Db = db): Promise<number> {
      const [row] = await executor
        .select({ balance: ledgerAccounts.balanceMinor })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accountIdOf(account)));
      return row?.balance ?? 0;
    },

    /**
     * Locks a guarded account for the rest of the transaction, creating it at zero when new, and
     * answers its balance, in one statement: spending from it happens in turn. The lock is the one an
     * update takes, as posting to it takes.
     */
    async lockAccount(account: AccountRef, tx: Tx): Promise<number> {
      const rules = accountKinds[account.kind];
      const [row] = await tx
        .insert(ledgerAccounts)
        .values({
          id: accountIdOf(account),
          ...account,
          normal: rules.normal,
          isGuarded: rules.isGuarded,
          isOffPlatform: rules.isOffPlatform,
        })
        .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balanceMinor: sql`${ledgerAccounts.balanceMinor}` } })
        .returning({ balance: ledgerAccounts.balanceMinor });
      return row?.balance ?? 0;
    },

    async openHolds(holds: { paymentId: string; milestoneId: string; amount: Money; createdAt: Date }[], tx: Tx) {
      if (holds.length > 0) await tx.insert(ledgerHolds).values(holds.map(({ amount, ...hold }) => ({ ...hold, ...storedAmount(amount) })));
    },

    /** The milestone's hold while still pending, locked; undefined once posted or voided. */
    async lockPendingHold(milestoneId: string, tx: Tx) {
      const [row] = await tx
        .select()
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.milestoneId, milestoneId), eq(ledgerHolds.status, 'pending')))
        .for('update');
      return row;
    },

    async lockPendingHoldsOfPayment(paymentId: string, tx: Tx) {
      return tx
        .select()
        .from(ledgerHolds)
        .where(and(eq(ledgerHolds.paymentId, paymentId), eq(ledgerHolds.status, 'pending')))
        .orderBy(ledgerHolds.createdAt, ledgerHolds.id)
        .for('update');
    },

    /** Closes a pending hold: posted when anything of it was released, voided when all of it was refunded. */
    async closeHold(id: string, split: { postedMinor: number; voidedMinor: number }, closedAt: Date, tx: Tx) {
      await tx
        .update(ledgerHolds)
        .set({ status: split.postedMinor > 0 ? 'posted' : 'voided', ...split, closedAt })
        .where(and(eq(ledgerHolds.id, id), eq(ledgerHolds.status, 'pending')));
    },

    async holdsOfPayments(paymentIds: string[], executor: Db = db) {
      if (paymentIds.length === 0) return [];
      return executor.select().from(ledgerHolds).where(inArray(ledgerHolds.paymentId, paymentIds));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
