import type { UserMovementType } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

export interface UserMovement {
  id: string;
  type: UserMovementType;
  jobTitle: string | null;
  createdAt: Date;
  amountMinor: number;
  currency: string;
  /** A payout's state (requested, paid, failed); every other movement is done when it is written. */
  status: string;
  professionalId: string | null;
}

/**
 * The money a user's account really moved, newest first, read from the ledger (the console's user
 * transactions): for an employer, what they paid into escrow, what left it to the professional, what
 * came back, their featured fees, the cash they paid and any page paid when no longer needed (charged,
 * then refunded); for a professional, what reached their balance
 * (after the fee), the fee itself, their payouts and the cash they received. The amounts of each side
 * add up to that side's ledger entries.
 */
export async function listUserMovements(db: Db, userId: string, limit: number): Promise<UserMovement[]> {
  const rows = await rowsOf<{
    id: string;
    type: UserMovementType;
    job_title: string | null;
    created_at: string | Date;
    amount_minor: string;
    currency: string;
    status: string;
    professional_id: string | null;
  }>(
    db,
    sql`select * from (
      select t.id::text || ':employer' as id,
        case t.kind when 'escrow_funded' then 'escrow_funded' when 'milestone_released' then 'released'
          when 'escrow_refunded' then 'refunded' when 'featured_fee' then 'featured_fee' else 'cash' end as type,
        j.title as job_title, t.created_at, e.amount_minor::text as amount_minor, e.currency, 'completed' as status,
        k.professional_id
      from ledger_transactions t
      join jobs j on j.id = t.job_id
      left join contracts k on k.job_id = j.id
      -- One leg per transaction carries what moved for the employer: the escrow's side of it, or the fee or cash paid.
      join lateral (
        select sum(abs(x.amount_minor)) as amount_minor, min(x.currency) as currency from ledger_entries x
        join ledger_accounts a on a.id = x.account_id
        where x.transaction_id = t.id and a.kind = case t.kind when 'featured_fee' then 'featured_income'
          when 'cash_settled' then 'cash_paid' else 'escrow' end
      ) e on true
      where j.employer_id = ${userId} and t.kind in ('escrow_funded', 'milestone_released', 'escrow_refunded', 'featured_fee', 'cash_settled')
      union all
      select t.id::text || ':' || a.kind as id,
        case when a.kind = 'cash_received' then 'cash' when t.kind = 'milestone_released' then 'released'
          when t.kind = 'payout_requested' then 'payout' else 'payout_returned' end as type,
        j.title, t.created_at, abs(e.amount_minor)::text, e.currency,
        coalesce(p.status, 'completed') as status, a.owner_id
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.owner_id = ${userId} and a.kind in ('professional_balance', 'cash_received')
      join ledger_transactions t on t.id = e.transaction_id
      left join jobs j on j.id = t.job_id
      left join payouts p on t.kind = 'payout_requested' and t.reference = 'payout:' || p.id::text
      union all
      -- The 2% service fee kept from each release to the professional.
      select t.id::text || ':fee', 'service_fee', j.title, t.created_at, (-f.amount_minor)::text, f.currency, 'completed', a.owner_id
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id and a.owner_id = ${userId} and a.kind = 'professional_balance'
      join ledger_transactions t on t.id = e.transaction_id and t.kind = 'milestone_released'
      join ledger_entries f on f.transaction_id = t.id
      join ledger_accounts fa on fa.id = f.account_id and fa.kind = 'service_fees'
      left join jobs j on j.id = t.job_id
      union all
      -- A page paid when it was no longer needed (paid already, or its plan changed): charged, then given back.
      select t.id::text || ':second', case t.kind when 'duplicate_charge' then 'second_charge' else 'second_charge_refunded' end,
        null, t.created_at, c.amount_minor::text, c.currency, 'completed', null
      from checkouts c
      join ledger_transactions t on t.kind in ('duplicate_charge', 'duplicate_refunded')
        and t.reference in ('checkout:' || c.id::text, 'duplicate-refund:' || c.id::text)
      where c.payer_id = ${userId}
    ) movements
    -- Movements of one moment (a dispute's split) in the order they are read: released, its fee, refunded (a refund before its charge).
    order by created_at desc,
      case type when 'released' then 1 when 'service_fee' then 2 when 'refunded' then 3
        when 'second_charge_refunded' then 4 when 'second_charge' then 5 else 6 end,
      id desc
    limit ${limit}`,
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    jobTitle: row.job_title,
    createdAt: new Date(row.created_at),
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    status: row.status,
    professionalId: row.professional_id,
  }));
}
