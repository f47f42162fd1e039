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
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsService } from '../payments/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createAdminDisputesRepository, type DisputeRow } from './admin-disputes.repository.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

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
  const { openDisputes } = createAdminDisputesRepository(db);

  const heldOf = (row: DisputeRow, inDispute: boolean) =>
    row.milestones
      .filter((milestone) => milestone.in_dispute === inDispute)
      .reduce((sum, milestone) => sum + Number(milestone.held_minor), 0);

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
