import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** An open dispute with both parties, the payment's total and each of its milestones with what escrow holds for it. */
export interface DisputeRow {
  id: string;
  payment_id: string;
  job_id: string;
  title: string;
  job_type: 'hourly' | 'fixed';
  employer_id: string;
  employer_name: string;
  employer_email: string;
  professional_id: string;
  professional_name: string;
  professional_email: string;
  opened_by: string;
  reason: string;
  description: string;
  created_at: string | Date;
  currency: string;
  total_minor: string;
  milestones: {
    id: string;
    title: string;
    amount_minor: number;
    status: string;
    in_dispute: boolean;
    held_minor: number;
    released_minor: number;
    refunded_minor: number;
    submission_notes: string | null;
    deliverable_urls: string[];
    reviewer_notes: string | null;
  }[];
}

/** What the console's Disputes tab reads: disputes, payments, contracts, jobs, users, milestones and ledger holds. */
export function createAdminDisputesRepository(db: Db) {
  return {
    /** The open disputes, oldest first; with `id`, that one while it is open. */
    openDisputes: (id?: string) =>
      rowsOf<DisputeRow>(
        db,
        sql`select d.id, d.payment_id, j.id as job_id, j.title, k.job_type, k.employer_id,
          trim(e.first_name || ' ' || e.last_name) as employer_name, e.email as employer_email, k.professional_id,
          trim(w.first_name || ' ' || w.last_name) as professional_name, w.email as professional_email,
          d.opened_by, d.reason, d.description, d.created_at, p.currency, p.total_minor::text as total_minor,
          (select coalesce(json_agg(json_build_object('id', m.id, 'title', m.title, 'amount_minor', m.amount_minor, 'status', m.status,
              'in_dispute', m.dispute_id is not distinct from d.id,
              'held_minor', coalesce(h.amount_minor - h.posted_minor - h.voided_minor, 0),
              'released_minor', coalesce(h.posted_minor, 0), 'refunded_minor', coalesce(h.voided_minor, 0),
              'submission_notes', m.submission_notes, 'deliverable_urls', m.deliverable_urls,
              'reviewer_notes', m.reviewer_notes) order by m.position), '[]')
            from milestones m left join ledger_holds h on h.milestone_id = m.id where m.payment_id = p.id) as milestones
        from disputes d join payments p on p.id = d.payment_id join contracts k on k.id = p.contract_id
        join jobs j on j.id = p.job_id join users e on e.id = k.employer_id join users w on w.id = k.professional_id
        where d.status = 'open' ${id ? sql`and d.id = ${id}` : sql``}
        order by d.created_at asc, d.id asc`,
      ),
  };
}

export type AdminDisputesRepository = ReturnType<typeof createAdminDisputesRepository>;
