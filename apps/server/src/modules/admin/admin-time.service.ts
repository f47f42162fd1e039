import {
  adminMessages,
  industries,
  money,
  paginationOf,
  sumConverted,
  TIME_REPORT_MAX_ENTRIES,
  toDecimal,
  type AdminTimeLog,
  type AdminTimeTrackingParams,
  type AdminTimeTrackingResponse,
  type CurrencyCode,
  type TimeLogStatus,
  type TimeReportRequest,
  type TimeReportResponse,
  type TimeSummary,
} from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { isRowId } from '../../lib/ids.ts';
import { documentFormat, type DocumentLanguage, documentTexts, fill, type PdfRenderer, typed } from '../documents/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { likePattern } from './like-pattern.ts';

interface LogRow {
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

type Filters = Omit<TimeReportRequest, 'language'>;

const statusOf = (row: Pick<LogRow, 'review_status'>): TimeLogStatus => row.review_status ?? 'pending';
const iso = (value: string | Date) => new Date(value).toISOString();
/** Exact hours, not rounded: an entry's hours times its rate is its amount to the fils (the amount is its seconds' charge, rounded once). */
const hoursOf = (seconds: number) => seconds / 3600;

/** The entries the filters match: finished ones (a running timer has no length yet), days on the Gulf clock. */
function whereOf(filters: Filters): SQL {
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

function toLog(row: LogRow): AdminTimeLog {
  const currency = row.currency as CurrencyCode;
  return {
    id: row.id,
    professional_id: row.professional_id,
    professional_name: row.professional_name,
    project_id: row.job_id,
    project_title: row.title,
    description: row.description,
    seconds: row.seconds,
    hours: hoursOf(row.seconds),
    hourly_rate: toDecimal(money(Number(row.rate_minor), currency)),
    total_amount: toDecimal(money(Number(row.amount_minor), currency)),
    currency,
    project_category: row.industry_category,
    date: row.day,
    started_at: iso(row.started_at),
    created_at: iso(row.created_at),
    status: statusOf(row),
  };
}

/**
 * Admin spec §2 Time tracking: every finished time entry of the platform, by day, kind of project,
 * status, professional, industry or a word, with the summary cards over all that match; and the PDF
 * report of them, laid out by the documents' generator (Arabic shaped, numbered pages).
 */
export function createAdminTimeService(dependencies: { db: Db; pdf: PdfRenderer; clock: () => Date }) {
  const { db, pdf, clock } = dependencies;

  async function summaryOf(filters: Filters): Promise<TimeSummary & { amounts: { currency: string; minor: number }[] }> {
    const where = whereOf(filters);
    const [totals, amounts] = await Promise.all([
      rowsOf<{ seconds: string; professionals: number }>(
        db,
        sql`select coalesce(sum(e.seconds), 0)::text as seconds, count(distinct e.professional_id)::int as professionals ${fromEntries} where ${where}`,
      ),
      rowsOf<{ currency: string; minor: string }>(
        db,
        sql`select e.currency, sum(coalesce(e.amount_minor, 0))::text as minor ${fromEntries} where ${where} group by e.currency order by e.currency`,
      ),
    ]);
    const seconds = Number(totals[0]?.seconds ?? 0);
    const byCurrency = amounts.map((row) => ({ currency: row.currency, minor: Number(row.minor) }));
    const totalMinor = sumConverted(byCurrency, 'AED');
    return {
      total_seconds: seconds,
      total_hours: hoursOf(seconds),
      total_amount: toDecimal(totalMinor),
      unique_professionals: totals[0]?.professionals ?? 0,
      // Per hour worked, over all the hours (not an average of the rates).
      average_hourly_rate: seconds > 0 ? Math.round((toDecimal(totalMinor) / (seconds / 3600)) * 100) / 100 : 0,
      currency: 'AED',
      amounts: byCurrency,
    };
  }

  return {
    async list(actor: AdminActor, params: AdminTimeTrackingParams): Promise<AdminTimeTrackingResponse> {
      requirePermission(actor, 'view_users');
      const direction = params.sort_order === 'asc' ? sql`asc` : sql`desc`;
      const order =
        params.sort_by === 'created_at'
          ? sql`e.created_at ${direction}, e.id ${direction}`
          : sql`e.started_at ${direction}, e.id ${direction}`;
      const [rows, counted, summary] = await Promise.all([
        rowsOf<LogRow>(
          db,
          sql`select ${logColumns} ${fromEntries} where ${whereOf(params)} order by ${order} offset ${params.skip} limit ${params.limit}`,
        ),
        rowsOf<{ total: number }>(db, sql`select count(*)::int as total ${fromEntries} where ${whereOf(params)}`),
        summaryOf(params),
      ]);
      const { amounts: _amounts, ...cards } = summary;
      return { time_logs: rows.map(toLog), summary: cards, pagination: paginationOf(params.skip, params.limit, counted[0]?.total ?? 0) };
    },

    /**
     * The report of every entry the filters match, oldest first, as a PDF data link. Past
     * TIME_REPORT_MAX_ENTRIES it is not made: the answer says to narrow the filters.
     */
    async report(actor: AdminActor, request: TimeReportRequest): Promise<TimeReportResponse> {
      requirePermission(actor, 'view_users');
      const filename = 'time_tracking_report.pdf';
      const rows = await rowsOf<LogRow>(
        db,
        sql`select ${logColumns} ${fromEntries} where ${whereOf(request)} order by e.started_at asc, e.id asc limit ${TIME_REPORT_MAX_ENTRIES + 1}`,
      );
      if (rows.length > TIME_REPORT_MAX_ENTRIES)
        return { success: false, pdf_data: null, filename, entries_count: 0, message: adminMessages.reportTooLarge };
      const summary = await summaryOf(request);
      const professionalName = request.professional_id ? rows[0]?.professional_name : undefined;
      const document = await pdf.render(
        'time-report',
        timeReportDocument({ language: request.language, filters: request, professionalName, rows, summary, issuedAt: clock() }),
      );
      return {
        success: true,
        pdf_data: `data:application/pdf;base64,${document.toString('base64')}`,
        filename,
        entries_count: rows.length,
        message: adminMessages.reportMade,
      };
    },
  };
}

export type AdminTimeService = ReturnType<typeof createAdminTimeService>;

/** The report as the data its template lays out: the filters, one row per entry, the totals. */
export function timeReportDocument(input: {
  language: DocumentLanguage;
  filters: Filters;
  professionalName: string | undefined;
  rows: LogRow[];
  summary: TimeSummary & { amounts: { currency: string; minor: number }[] };
  issuedAt: Date;
}) {
  const { language, filters, rows, summary } = input;
  const texts = documentTexts[language];
  const words = texts.time_report;
  const format = documentFormat(language);
  const applied = [
    filters.start_date ? fill(words.from, { date: format.date(filters.start_date) }) : null,
    filters.end_date ? fill(words.until, { date: format.date(filters.end_date) }) : null,
    filters.project_type ? words.project_type[filters.project_type] : null,
    filters.status ? words.status[filters.status] : null,
    input.professionalName ? fill(words.professional, { name: input.professionalName }) : null,
    filters.industry
      ? fill(words.industry, { name: industries.find((industry) => industry.id === filters.industry)?.name[language] ?? filters.industry })
      : null,
    filters.search ? fill(words.search, { text: filters.search }) : null,
  ].filter((item): item is string => item !== null);
  const aed = (minor: number) => format.money(minor, 'AED');
  const totalMinor = sumConverted(summary.amounts, 'AED').minor;
  const totals: [string, string][] = [
    [words.entries, String(rows.length)],
    [words.total_hours, format.clock(summary.total_seconds)],
    [words.professionals, String(summary.unique_professionals)],
    [words.average_rate, aed(Math.round(summary.average_hourly_rate * 100))],
  ];
  // Each currency's own total when there are several, then the total in AED.
  if (summary.amounts.length > 1 || summary.amounts.some((amount) => amount.currency !== 'AED'))
    for (const amount of summary.amounts)
      totals.push([fill(words.in_currency, { currency: amount.currency }), format.money(amount.minor, amount.currency)]);
  totals.push([words.total_amount, aed(totalMinor)]);

  return {
    lang: language,
    title: words.title,
    brand: texts.brand,
    page_label: texts.page,
    footer: `${texts.brand} · ${words.title}`,
    details: [[words.filters, applied.length > 0 ? applied.join(' · ') : words.all_entries]],
    columns: words.columns,
    rows:
      rows.length > 0
        ? rows.map((row) => [
            format.date(row.day),
            typed(row.professional_name),
            typed(row.title),
            typed(row.description),
            format.clock(row.seconds),
            format.money(Number(row.rate_minor), row.currency),
            format.money(Number(row.amount_minor), row.currency),
            words.status[statusOf(row)],
          ])
        : [[{ text: words.empty, tone: 'muted' }, '', '', '', '', '', '', '']],
    totals,
    notes: [texts.gulf_time, words.note_aed, fill(texts.issued, { date: format.gulfDate(input.issuedAt) })],
  } satisfies Record<string, unknown>;
}
