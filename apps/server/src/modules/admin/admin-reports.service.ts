import { messagingMessages, type AdminReport, type AdminReportConversation } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { type MessagingRepository, type MessagingService, toMessageResponse } from '../messaging/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createAdminReportsRepository, type ReportRow } from './admin-reports.repository.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

/** The most messages of one conversation staff read at once: the latest, which is where a report points. */
export const REPORT_MESSAGES_SHOWN = 500;

export const adminAttachmentPath = (reportId: string, attachmentId: string) => `/api/admin/reports/${reportId}/attachments/${attachmentId}`;

const toReport = (row: ReportRow): AdminReport => ({
  id: row.id,
  conversation_id: row.conversation_id,
  reason: row.reason,
  details: row.details,
  status: row.status,
  resolution: row.resolution,
  resolved_at: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
  created_at: new Date(row.created_at).toISOString(),
  reporter: { id: row.reporter_id, name: row.reporter_name, email: row.reporter_email, role: row.reporter_role },
  reported: { id: row.reported_id, name: row.reported_name, email: row.reported_email, role: row.reported_role },
  project_title: row.project_title,
  message_count: Number(row.message_count),
});

/**
 * Beyond the spec, Reports: conversations users reported, for staff with review_reports. The list
 * shows who reported whom and why, never the messages; reading the conversation, and downloading a
 * file sent in it, are each written in the audit log with the report they were read for. Staff resolve
 * a report with what they found and did (a suspension is made in the Users tab, audited there).
 */
export function createAdminReportsService(dependencies: {
  db: Db;
  /** The messaging module's reads of a conversation and its files. */
  messaging: Pick<MessagingRepository, 'messagesBefore' | 'findAttachment' | 'attachmentSent'>;
  /** The messaging module's resolution of a report: its table is written there. */
  reports: Pick<MessagingService, 'resolveReport'>;
  audit: AdminsRepository;
}) {
  const { db, messaging, reports, audit } = dependencies;
  const repository = createAdminReportsRepository(db);

  async function requireReport(id: string, executor: Db = db) {
    const row = await repository.findReport(id, executor);
    if (!row) throw new AppError('not_found', messagingMessages.reportNotFound);
    return row;
  }

  return {
    /** Open reports oldest first (the queue), or the latest resolved first. */
    async list(actor: AdminActor, status: 'open' | 'resolved') {
      requirePermission(actor, 'review_reports');
      return { reports: (await repository.listReports(status)).map(toReport) };
    },

    async conversation(actor: AdminActor, id: string): Promise<AdminReportConversation> {
      requirePermission(actor, 'review_reports');
      const report = await requireReport(id);
      const rows = await messaging.messagesBefore(report.conversation_id, null, REPORT_MESSAGES_SHOWN);
      await audit.insertAudit(
        auditEntry(actor, {
          action: 'report.read_conversation',
          targetType: 'conversation',
          targetId: report.conversation_id,
          reason: null,
          before: null,
          after: { report_id: report.id, messages_shown: Math.min(rows.length, REPORT_MESSAGES_SHOWN) },
        }),
        db,
      );
      return {
        report: toReport(report),
        messages: rows
          .slice(0, REPORT_MESSAGES_SHOWN)
          .reverse()
          .map((row) => {
            const message = toMessageResponse(row);
            return message.attachment
              ? { ...message, attachment: { ...message.attachment, url: adminAttachmentPath(id, message.attachment.id) } }
              : message;
          }),
        has_older: rows.length > REPORT_MESSAGES_SHOWN,
      };
    },

    /** A file sent in the reported conversation (never one only uploaded), for staff; the download is audited. */
    async attachment(actor: AdminActor, id: string, attachmentId: string) {
      requirePermission(actor, 'review_reports');
      const report = await requireReport(id);
      const file = await messaging.findAttachment(attachmentId);
      if (!file || file.conversationId !== report.conversation_id || !(await messaging.attachmentSent(attachmentId)))
        throw new AppError('not_found', messagingMessages.fileNotFound);
      await audit.insertAudit(
        auditEntry(actor, {
          action: 'report.download_attachment',
          targetType: 'conversation',
          targetId: report.conversation_id,
          reason: null,
          before: null,
          after: { report_id: report.id, attachment_id: file.id, file_name: file.fileName },
        }),
        db,
      );
      return file;
    },

    async resolve(actor: AdminActor, id: string, resolution: string) {
      requirePermission(actor, 'review_reports');
      return transaction(db, async (tx) => {
        const report = await requireReport(id, tx);
        // Two staff resolving at once: the second finds it resolved.
        await reports.resolveReport(actor, id, resolution, tx);
        await audit.insertAudit(
          auditEntry(actor, {
            action: 'report.resolve',
            targetType: 'conversation',
            targetId: report.conversation_id,
            reason: resolution,
            before: { report_id: id, status: 'open' },
            after: { report_id: id, status: 'resolved' },
          }),
          tx,
        );
        return { message: messagingMessages.reportResolved };
      });
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
