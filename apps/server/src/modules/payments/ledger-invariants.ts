import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * The ledger's invariants, each a query that returns what breaks it (nothing when it holds):
 * tests call this after every step, the benchmark over the whole ledger, support when in doubt.
 */
const checks: Record<string, SQL> = {
  'every transaction balances per currency': sql`
    select transaction_id::text as subject, currency || ' ' || sum(amount_minor)::text as detail
    from ledger_entries group by transaction_id, currency having sum(amount_minor) <> 0`,
  'every transaction has entries': sql`
    select t.id::text as subject, t.kind as detail from ledger_transactions t
    where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`,
  'no account that must not go negative does': sql`
    select a.kind || ':' || a.owner_id::text as subject, coalesce(sum(e.amount_minor), 0)::text as detail
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.kind in ('escrow', 'professional_balance', 'payouts_pending', 'provider_cash', 'service_fees', 'featured_income')
    group by a.id having (case a.normal when 'debit' then 1 else -1 end) * coalesce(sum(e.amount_minor), 0) < 0`,
  'kept balances equal the sum of their entries': sql`
    select a.kind || ':' || a.owner_id::text as subject, a.balance_minor::text || ' vs ' || coalesce(sum(e.amount_minor), 0)::text as detail
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.is_guarded
    group by a.id having a.balance_minor <> (case a.normal when 'debit' then 1 else -1 end) * coalesce(sum(e.amount_minor), 0)`,
  'each milestone is released at most once': sql`
    select milestone_id::text as subject, count(*)::text as detail from ledger_transactions
    where kind = 'milestone_released' and reference like 'release:%' group by milestone_id having count(*) > 1`,
  'each provider event is applied at most once': sql`
    select reference as subject, count(*)::text as detail from ledger_transactions
    where reference like 'checkout:%' group by reference having count(*) > 1`,
  'each checkout is paid at most once': sql`
    select purpose || ':' || subject_id::text as subject, count(*)::text as detail from checkouts
    where status = 'paid' group by purpose, subject_id having count(*) > 1`,
  'escrow holds equal what is funded minus what is released or refunded': sql`
    with held as (
      select payment_id, sum(amount_minor - posted_minor - voided_minor) as pending from ledger_holds group by payment_id
    ), escrow as (
      select a.owner_id as payment_id, -coalesce(sum(e.amount_minor), 0) as balance
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.kind = 'escrow' group by a.owner_id
    )
    select coalesce(h.payment_id, x.payment_id)::text as subject,
      coalesce(h.pending, 0)::text || ' held vs ' || coalesce(x.balance, 0)::text || ' in escrow' as detail
    from held h full join escrow x on x.payment_id = h.payment_id
    where coalesce(h.pending, 0) <> coalesce(x.balance, 0)`,
  'a hold is released or refunded in full, never more': sql`
    select id::text as subject, status || ' ' || posted_minor::text || '+' || voided_minor::text || '/' || amount_minor::text as detail
    from ledger_holds where posted_minor < 0 or voided_minor < 0 or posted_minor + voided_minor > amount_minor
      or (status = 'pending' and posted_minor + voided_minor <> 0)`,
  'an approved milestone of a funded payment has its hold closed': sql`
    select m.id::text as subject, m.status || ' / ' || h.status as detail
    from milestones m join ledger_holds h on h.milestone_id = m.id
    where m.status = 'approved' and h.status = 'pending'`,
};

export interface InvariantViolation {
  invariant: string;
  subject: string;
  detail: string;
}

export async function checkLedgerInvariants(db: Db): Promise<InvariantViolation[]> {
  const violations: InvariantViolation[] = [];
  for (const [invariant, query] of Object.entries(checks)) {
    const rows = await rowsOf<{ subject: string; detail: string }>(db, query);
    violations.push(...rows.map((row) => ({ invariant, ...row })));
  }
  return violations;
}
