import { messagingMessages, type AdminReport, type AdminReportConversation } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { type MessagingRepository, toMessageResponse } from '../messaging/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';
import { auditEntry } from './audit.ts';

/** The most messages of one conversation staff read at once: the latest, which is where a report points. */
export const REPORT_MESSAGES_SHOWN = 500;
const REPORTS_LISTED = 200;

export const adminAttachmentPath = (reportId: string, attachmentId: string) => `/api/admin/reports/${reportId}/attachments/${attachmentId}`;

interface ReportRow {
  id: string;
  conversation_id: string;
  reason: AdminReport['reason'];
  details: string;
  status: AdminReport['status'];
  resolution: string | null;
  resolved_at: string | Date | null;
  created_at: string | Date;
  reporter_id: string;
  reporter_name: string;
  reporter_email: string;
  reporter_role: string;
  reported_id: string;
  reported_name: string;
  reported_email: string;
  reported_role: string;
  project_title: string | null;
  message_count: string | number;
}

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
export function createAdminReportsService(dependencies: { db: Db; messaging: MessagingRepository; audit: AdminsRepository }) {
  const { db, messaging, audit } = dependencies;

  const partyNameOf = (alias: string) =>
    sql.raw(`case when ${alias}.role = 'employer' and coalesce(${alias}.company_name, '') <> '' then ${alias}.company_name
      else trim(${alias}.first_name || ' ' || ${alias}.last_name) end`);

  const reports = (where: ReturnType<typeof sql>, order: 'oldest' | 'latest_resolved', executor: Db = db) =>
    rowsOf<ReportRow>(
      executor,
      sql`select r.id, r.conversation_id, r.reason, r.details, r.status, r.resolution, r.resolved_at, r.created_at,
          a.id as reporter_id, ${partyNameOf('a')} as reporter_name, a.email as reporter_email, a.role as reporter_role,
          b.id as reported_id, ${partyNameOf('b')} as reported_name, b.email as reported_email, b.role as reported_role,
          j.title as project_title, (select count(*) from messages m where m.conversation_id = r.conversation_id) as message_count
        from conversation_reports r join users a on a.id = r.reporter_id join users b on b.id = r.reported_user_id
        join conversations c on c.id = r.conversation_id left join jobs j on j.id = c.job_id
        where ${where}
        order by ${order === 'oldest' ? sql`r.created_at asc, r.id asc` : sql`r.resolved_at desc, r.id desc`} limit ${REPORTS_LISTED}`,
    );

  async function requireReport(id: string, executor: Db = db) {
    const [row] = await reports(sql`r.id = ${id}`, 'oldest', executor);
    if (!row) throw new AppError('not_found', messagingMessages.reportNotFound);
    return row;
  }

  return {
    /** Open reports oldest first (the queue), or the latest resolved first. */
    async list(actor: AdminActor, status: 'open' | 'resolved') {
      requirePermission(actor, 'review_reports');
      const rows = await reports(sql`r.status = ${status}`, status === 'open' ? 'oldest' : 'latest_resolved');
      return { reports: rows.map(toReport) };
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
      );
      return file;
    },

    async resolve(actor: AdminActor, id: string, resolution: string) {
      requirePermission(actor, 'review_reports');
      return transaction(db, async (tx) => {
        const report = await requireReport(id, tx);
        // Two staff resolving at once: the second finds it resolved.
        const [changed] = await rowsOf<{ id: string }>(
          tx,
          sql`update conversation_reports set status = 'resolved', resolution = ${resolution}, resolved_by = ${actor.id}, resolved_at = now()
              where id = ${id} and status = 'open' returning id`,
        );
        if (!changed) throw new AppError('conflict', messagingMessages.reportAlreadyResolved);
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
