import type { AdminReport } from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** The most reports listed at once. */
const REPORTS_LISTED = 200;

/** A reported conversation: who reported whom and why, its project, and how many messages it holds. */
export interface ReportRow {
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

/** A party's name as the console shows it: an employer's company when it has one. */
const partyNameOf = (alias: string) =>
  sql.raw(`case when ${alias}.role = 'employer' and coalesce(${alias}.company_name, '') <> '' then ${alias}.company_name
      else trim(${alias}.first_name || ' ' || ${alias}.last_name) end`);

const reports = (executor: Db, where: SQL, order: 'oldest' | 'latest_resolved') =>
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

/**
 * What the console's Reports tab reads of the messaging module's reports, with the people and the
 * project they name. It never writes them: a report is resolved by the messaging module (resolveReport).
 */
export function createAdminReportsRepository(db: Db) {
  return {
    /** Open reports oldest first (the queue), or the latest resolved first. */
    listReports: (status: 'open' | 'resolved') => reports(db, sql`r.status = ${status}`, status === 'open' ? 'oldest' : 'latest_resolved'),

    async findReport(id: string, executor: Db = db) {
      const [row] = await reports(executor, sql`r.id = ${id}`, 'oldest');
      return row;
    },
  };
}

export type AdminReportsRepository = ReturnType<typeof createAdminReportsRepository>;
