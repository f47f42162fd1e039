import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The ledger's invariants, each a query that returns what breaks it (nothing when it holds). Over
 * the whole ledger by default; with `since`, over what was written since then (the transactions'
 * accounts, payments and milestones, and the checkouts and payouts that changed), so a simulation
 * can check after every step in a time that does not grow with the ledger.
 */
function checks(since: Date | undefined): Record<string, SQL> {
  const only = (condition: SQL) => (since ? sql`and ${condition}` : sql``);
  const recent = sql`(select id from ledger_transactions where created_at >= ${since})`;
  const touchedAccounts = sql`(select distinct e.account_id from ledger_entries e where e.transaction_id in ${recent})`;
  const touchedPayments = sql`(select distinct payment_id from ledger_transactions where created_at >= ${since} and payment_id is not null)`;
  return {
    'every transaction balances per currency': sql`
      select transaction_id::text as subject, currency || ' ' || sum(amount_minor)::text as detail
      from ledger_entries where true ${only(sql`transaction_id in ${recent}`)}
      group by transaction_id, currency having sum(amount_minor) <> 0`,
    'every transaction has entries': sql`
      select t.id::text as subject, t.kind as detail from ledger_transactions t
      where not exists (select 1 from ledger_entries e where e.transaction_id = t.id) ${only(sql`t.created_at >= ${since}`)}`,
    'no account that must not go negative does': sql`
      select a.kind || ':' || a.owner_id::text as subject, coalesce(sum(e.amount_minor), 0)::text as detail
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.kind in ('escrow', 'professional_balance', 'payouts_pending', 'refunds_due', 'provider_cash', 'service_fees', 'featured_income')
        ${only(sql`a.id in ${touchedAccounts}`)}
      group by a.id having (case a.normal when 'debit' then 1 else -1 end) * coalesce(sum(e.amount_minor), 0) < 0`,
    'kept balances equal the sum of their entries': sql`
      select a.kind || ':' || a.owner_id::text as subject, a.balance_minor::text || ' vs ' || coalesce(sum(e.amount_minor), 0)::text as detail
      from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      where a.is_guarded ${only(sql`a.id in ${touchedAccounts}`)}
      group by a.id having a.balance_minor <> (case a.normal when 'debit' then 1 else -1 end) * coalesce(sum(e.amount_minor), 0)`,
    // Over the months written to since `since` (every month without it).
    'monthly totals equal what the ledger moved': sql`
      with moved as (
        select a.owner_id as user_id, e.currency, date_trunc('month', (t.created_at at time zone 'UTC') + interval '4 hours')::date as month,
          -e.amount_minor as earned, 0 as spent
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
        where ((a.kind = 'professional_balance' and t.kind = 'milestone_released') or a.kind = 'cash_received')
          ${only(sql`t.created_at >= (date_trunc('month', (${since}::timestamptz at time zone 'UTC') + interval '4 hours') - interval '4 hours') at time zone 'UTC'`)}
        union all
        select j.employer_id, e.currency, date_trunc('month', (t.created_at at time zone 'UTC') + interval '4 hours')::date,
          0, case when t.kind = 'escrow_refunded' then -e.amount_minor else e.amount_minor end
        from ledger_transactions t join jobs j on j.id = t.job_id join ledger_entries e on e.transaction_id = t.id and e.amount_minor > 0
        where t.kind in ('escrow_funded', 'escrow_refunded', 'featured_fee', 'cash_settled')
          ${only(sql`t.created_at >= (date_trunc('month', (${since}::timestamptz at time zone 'UTC') + interval '4 hours') - interval '4 hours') at time zone 'UTC'`)}
      ), expected as (
        select user_id, currency, month, sum(earned) as earned, sum(spent) as spent from moved group by user_id, currency, month
      ), kept as (
        select * from money_by_month
        where true ${only(sql`month >= date_trunc('month', (${since}::timestamptz at time zone 'UTC') + interval '4 hours')::date`)}
      )
      select coalesce(x.user_id, k.user_id)::text || ' ' || coalesce(x.currency, k.currency) || ' ' || coalesce(x.month, k.month)::text as subject,
        coalesce(k.earned_minor, 0)::text || '/' || coalesce(k.spent_minor, 0)::text || ' kept vs ' ||
        coalesce(x.earned, 0)::text || '/' || coalesce(x.spent, 0)::text || ' moved' as detail
      from expected x full join kept k on k.user_id = x.user_id and k.currency = x.currency and k.month = x.month
      where coalesce(k.earned_minor, 0) <> coalesce(x.earned, 0) or coalesce(k.spent_minor, 0) <> coalesce(x.spent, 0)`,
    'every fee has one tax invoice for what it charged': sql`
      select t.reference as subject, sum(-e.amount_minor)::text || ' charged vs ' || coalesce(max(i.total_minor)::text, 'no invoice') as detail
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id and e.amount_minor < 0
      join ledger_accounts a on a.id = e.account_id and a.kind in ('service_fees', 'featured_income')
      left join tax_invoices i on i.ledger_reference = t.reference
      where true ${only(sql`t.created_at >= ${since}`)}
      group by t.reference having count(distinct i.id) <> 1 or max(i.total_minor) <> sum(-e.amount_minor)`,
    'invoice numbers run without a gap in each year': sql`
      select year::text as subject, count(*)::text || ' invoices, numbered up to ' || max(sequence)::text as detail
      from tax_invoices group by year having count(*) <> max(sequence) or min(sequence) <> 1`,
    'each milestone is released at most once': sql`
      select milestone_id::text as subject, count(*)::text as detail from ledger_transactions
      where kind = 'milestone_released' and reference like 'release:%'
        ${only(sql`milestone_id in (select milestone_id from ledger_transactions where created_at >= ${since})`)}
      group by milestone_id having count(*) > 1`,
    'each provider event is applied at most once': sql`
      select reference as subject, count(*)::text as detail from ledger_transactions
      where reference like 'checkout:%' ${only(sql`id in ${recent}`)} group by reference having count(*) > 1`,
    'each checkout is paid at most once': sql`
      select purpose || ':' || subject_id::text as subject, count(*)::text as detail from checkouts
      where status = 'paid' ${only(sql`subject_id in (select subject_id from checkouts where closed_at >= ${since})`)}
      group by purpose, subject_id having count(*) > 1`,
    'escrow holds equal what is funded minus what is released or refunded': sql`
      with held as (
        select payment_id, sum(amount_minor - posted_minor - voided_minor) as pending from ledger_holds
        where true ${only(sql`payment_id in ${touchedPayments}`)} group by payment_id
      ), escrow as (
        select a.owner_id as payment_id, -coalesce(sum(e.amount_minor), 0) as balance
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'escrow' ${only(sql`a.owner_id in ${touchedPayments}`)} group by a.owner_id
      )
      select coalesce(h.payment_id, x.payment_id)::text as subject,
        coalesce(h.pending, 0)::text || ' held vs ' || coalesce(x.balance, 0)::text || ' in escrow' as detail
      from held h full join escrow x on x.payment_id = h.payment_id
      where coalesce(h.pending, 0) <> coalesce(x.balance, 0)`,
    'a hold is released or refunded in full, never more': sql`
      select id::text as subject, status || ' ' || posted_minor::text || '+' || voided_minor::text || '/' || amount_minor::text as detail
      from ledger_holds where (posted_minor < 0 or voided_minor < 0 or posted_minor + voided_minor > amount_minor
        or (status = 'pending' and posted_minor + voided_minor <> 0)) ${only(sql`payment_id in ${touchedPayments}`)}`,
    'an approved milestone of a funded payment has its hold closed': sql`
      select m.id::text as subject, m.status || ' / ' || h.status as detail
      from milestones m join ledger_holds h on h.milestone_id = m.id
      where m.status = 'approved' and h.status = 'pending' ${only(sql`m.payment_id in ${touchedPayments}`)}`,
    'a payout is settled once, as its status says': sql`
      select p.id::text as subject, p.status || ' requested=' || r::text || ' paid=' || pd::text || ' returned=' || f::text as detail
      from (
        select p.id, p.status,
          exists (select 1 from ledger_transactions t where t.reference = 'payout:' || p.id) as r,
          exists (select 1 from ledger_transactions t where t.reference = 'payout-paid:' || p.id) as pd,
          exists (select 1 from ledger_transactions t where t.reference = 'payout-failed:' || p.id) as f
        from payouts p where true ${only(sql`(p.created_at >= ${since} or p.paid_at >= ${since} or p.failed_at >= ${since})`)}
      ) p
      where not r or (pd and f) or (p.status = 'requested' and (pd or f)) or (p.status = 'paid' and not pd) or (p.status = 'failed' and not f)`,
    'a second charge is owed back until refunded, and refunded once': sql`
      select c.id::text as subject, c.status as detail from checkouts c
      where c.status in ('refund_due', 'refunded') ${only(sql`c.closed_at >= ${since}`)}
        and (not exists (select 1 from ledger_transactions t where t.reference = 'checkout:' || c.id and t.kind = 'duplicate_charge')
          or (c.status = 'refunded') <> exists (select 1 from ledger_transactions t where t.reference = 'duplicate-refund:' || c.id))`,
  };
}

export interface InvariantViolation {
  invariant: string;
  subject: string;
  detail: string;
}

/** Every violation of the ledger's invariants: over the whole ledger, or over what changed since `since`. */
export async function checkLedgerInvariants(db: Db, options: { since?: Date } = {}): Promise<InvariantViolation[]> {
  if (options.since) {
    // Nothing written since then: nothing the checks look at has changed.
    const [changed] = await rowsOf<{ changed: boolean }>(
      db,
      sql`select exists (select 1 from ledger_transactions where created_at >= ${options.since})
        or exists (select 1 from checkouts where closed_at >= ${options.since})
        or exists (select 1 from payouts where created_at >= ${options.since} or paid_at >= ${options.since} or failed_at >= ${options.since})
        as changed`,
    );
    if (!changed?.changed) return [];
  }
  // One statement, one round trip: each check's rows labelled with its invariant.
  const labelled = Object.entries(checks(options.since)).map(
    ([invariant, query]) => sql`select ${invariant}::text as invariant, subject, detail from (${query}) as found`,
  );
  return rowsOf<InvariantViolation>(db, sql.join(labelled, sql` union all `));
}
