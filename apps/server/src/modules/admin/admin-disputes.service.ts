import {
  adminMessages,
  messages,
  money,
  parseMoney,
  toDecimal,
  type AdminDispute,
  type CurrencyCode,
  type DisputeResolution,
} from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsService } from '../payments/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

interface DisputeRow {
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

/**
 * Beyond the spec, Disputes: the open disputes oldest first, with both parties, the opener's statement,
 * each milestone with what the professional submitted (notes and deliverable links) and the employer
 * answered, which of them the dispute is about, and what escrow holds for them; staff settle what the
 * dispute holds by releasing it, refunding it or splitting it, with Mihna's decision both parties are
 * sent, and may also end the contract (the payments service moves the money; the audit entry is in its
 * transaction). Decision 45.
 */
export function createAdminDisputesService(dependencies: { db: Db; payments: PaymentsService; audit: AdminsRepository }) {
  const { db, payments, audit } = dependencies;

  const heldOf = (row: DisputeRow, inDispute: boolean) =>
    row.milestones
      .filter((milestone) => milestone.in_dispute === inDispute)
      .reduce((sum, milestone) => sum + Number(milestone.held_minor), 0);

  const openDisputes = (id?: string) =>
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
    );

  function toDispute(row: DisputeRow): AdminDispute {
    const currency = row.currency as CurrencyCode;
    const decimal = (minor: number) => toDecimal(money(Number(minor), currency));
    return {
      id: row.id,
      payment_id: row.payment_id,
      project_id: row.job_id,
      project_title: row.title,
      job_type: row.job_type,
      employer: { id: row.employer_id, name: row.employer_name, email: row.employer_email },
      professional: { id: row.professional_id, name: row.professional_name, email: row.professional_email },
      opened_by: row.opened_by === row.employer_id ? 'employer' : 'professional',
      reason: row.reason,
      description: row.description,
      opened_at: new Date(row.created_at).toISOString(),
      currency,
      total: decimal(Number(row.total_minor)),
      held: decimal(heldOf(row, true)),
      other_held: decimal(heldOf(row, false)),
      milestones: row.milestones.map((milestone) => ({
        id: milestone.id,
        title: milestone.title,
        amount: decimal(milestone.amount_minor),
        status: milestone.status,
        in_dispute: milestone.in_dispute,
        held: decimal(milestone.held_minor),
        released: decimal(milestone.released_minor),
        refunded: decimal(milestone.refunded_minor),
        submission_notes: milestone.submission_notes,
        deliverable_urls: milestone.deliverable_urls,
        reviewer_notes: milestone.reviewer_notes,
      })),
    };
  }

  return {
    async list(actor: AdminActor) {
      requirePermission(actor, 'resolve_disputes');
      return { disputes: (await openDisputes()).map(toDispute) };
    },

    async resolve(actor: AdminActor, id: string, resolution: DisputeResolution) {
      requirePermission(actor, 'resolve_disputes');
      const [dispute] = await openDisputes(id);
      if (!dispute) throw new AppError('not_found', adminMessages.disputeNotFound);
      const currency = dispute.currency as CurrencyCode;
      const heldMinor = heldOf(dispute, true);
      let releaseMinor = resolution.decision === 'release' ? heldMinor : 0;
      if (resolution.decision === 'split') {
        const amount = resolution.release_amount === undefined ? undefined : parseMoney(resolution.release_amount, currency);
        if (amount === undefined || typeof amount === 'string')
          throw new AppError('validation_failed', [
            { loc: ['body', 'release_amount'], msg: amount === undefined ? messages.required : messages.validNumber, type: 'amount' },
          ]);
        releaseMinor = amount.minor;
      }
      const answer = await payments.resolveDispute(
        { id: actor.id },
        dispute.payment_id,
        { decision: resolution.decision, releaseMinor, note: resolution.note, endContract: resolution.end_contract },
        (tx, outcome) =>
          audit.insertAudit(
            auditEntry(actor, {
              // What was carried out: this decision, or the one an earlier attempt kept (payment-disputes.ts).
              action: `dispute.${outcome.decision}`,
              targetType: 'dispute',
              targetId: dispute.id,
              reason: outcome.note,
              before: { status: 'open', held_minor: outcome.heldMinor, currency: outcome.currency },
              after: {
                status: 'resolved',
                decision: outcome.decision,
                released_minor: outcome.holds.reduce((sum, hold) => sum + hold.releaseMinor, 0),
                refunded_minor: outcome.heldMinor - outcome.holds.reduce((sum, hold) => sum + hold.releaseMinor, 0),
                ended_contract: outcome.endContract,
                refunded_other_minor: outcome.refundedOtherMinor,
                currency: outcome.currency,
              },
            }),
            tx,
          ),
      );
      return answer;
    },
  };
}

export type AdminDisputesService = ReturnType<typeof createAdminDisputesService>;
