import type { TimeReportRequest } from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isRowId } from '../../lib/ids.ts';
import { likePattern } from './like-pattern.ts';

/** A finished time entry with its professional and project, its day on the Gulf clock. */
export interface LogRow {
  id: string;
  professional_id: string;
  professional_name: string;
  job_id: string;
  title: string;
  description: string;
  seconds: number;
  rate_minor: string;
  amount_minor: string;
  currency: string;
  industry_category: string | null;
  day: string;
  started_at: string | Date;
  created_at: string | Date;
  review_status: 'approved' | 'disputed' | null;
}

/** What the entries are chosen by: the console's filters. */
export type TimeFilters = Omit<TimeReportRequest, 'language'>;

/** The entries the filters match: finished ones (a running timer has no length yet), days on the Gulf clock. */
function whereOf(filters: TimeFilters): SQL {
  const conditions: SQL[] = [sql`e.seconds is not null`];
  if (filters.start_date) conditions.push(sql`e.started_at >= (${filters.start_date}::date::timestamp at time zone 'Asia/Dubai')`);
  if (filters.end_date) conditions.push(sql`e.started_at < ((${filters.end_date}::date + 1)::timestamp at time zone 'Asia/Dubai')`);
  if (filters.project_type) conditions.push(sql`j.job_type = ${filters.project_type}`);
  if (filters.status === 'pending') conditions.push(sql`e.review_status is null`);
  else if (filters.status) conditions.push(sql`e.review_status = ${filters.status}`);
  if (filters.professional_id)
    conditions.push(isRowId(filters.professional_id) ? sql`e.professional_id = ${filters.professional_id}` : sql`false`);
  if (filters.industry) conditions.push(sql`j.industry_category = ${filters.industry}`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      sql`(lower(e.description) like lower(${pattern}) or lower(j.title) like lower(${pattern})
        or lower(p.first_name || ' ' || p.last_name) like lower(${pattern}))`,
    );
  }
  return sql.join(conditions, sql` and `);
}

const fromEntries = sql`from time_entries e join jobs j on j.id = e.job_id join users p on p.id = e.professional_id`;
const logColumns = sql`e.id, e.professional_id, trim(p.first_name || ' ' || p.last_name) as professional_name, e.job_id, j.title,
  e.description, e.seconds, e.rate_minor::text as rate_minor, coalesce(e.amount_minor, 0)::text as amount_minor, e.currency,
  j.industry_category, to_char(e.started_at at time zone 'Asia/Dubai', 'YYYY-MM-DD') as day, e.started_at, e.created_at, e.review_status`;

/** What the console's Time tracking tab reads: every professional's time entries, with their projects and names. */
export function createAdminTimeRepository(db: Db) {
  return {
    /** A page of the entries the filters match, by when they started (or were recorded), then id. */
    page: (filters: TimeFilters, page: { byCreation: boolean; ascending: boolean; skip: number; limit: number }) => {
      const direction = page.ascending ? sql`asc` : sql`desc`;
      const order = page.byCreation ? sql`e.created_at ${direction}, e.id ${direction}` : sql`e.started_at ${direction}, e.id ${direction}`;
      return rowsOf<LogRow>(
        db,
        sql`select ${logColumns} ${fromEntries} where ${whereOf(filters)} order by ${order} offset ${page.skip} limit ${page.limit}`,
      );
    },

    async count(filters: TimeFilters) {
      const [row] = await rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${fromEntries} where ${whereOf(filters)}`);
      return row?.total ?? 0;
    },

    /** The first `limit` entries the filters match, oldest first (the PDF report). */
    oldestFirst: (filters: TimeFilters, limit: number) =>
      rowsOf<LogRow>(
        db,
        sql`select ${logColumns} ${fromEntries} where ${whereOf(filters)} order by e.started_at asc, e.id asc limit ${limit}`,
      ),

    /** The seconds worked and the professionals who worked them, over the entries the filters match. */
    async totals(filters: TimeFilters) {
      const [row] = await rowsOf<{ seconds: string; professionals: number }>(
        db,
        sql`select coalesce(sum(e.seconds), 0)::text as seconds, count(distinct e.professional_id)::int as professionals ${fromEntries} where ${whereOf(filters)}`,
      );
      return row;
    },

    /** What the entries the filters match come to, per currency. */
    amounts: (filters: TimeFilters) =>
      rowsOf<{ currency: string; minor: string }>(
        db,
        sql`select e.currency, sum(coalesce(e.amount_minor, 0))::text as minor ${fromEntries} where ${whereOf(filters)} group by e.currency order by e.currency`,
      ),
  };
}

export type AdminTimeRepository = ReturnType<typeof createAdminTimeRepository>;
