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
import type { Db } from '../../db/client.ts';
import { documentFormat, type DocumentLanguage, documentTexts, fill, type PdfRenderer, typed } from '../documents/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import { createAdminTimeRepository, type LogRow, type TimeFilters } from './admin-time.repository.ts';

const statusOf = (row: Pick<LogRow, 'review_status'>): TimeLogStatus => row.review_status ?? 'pending';
const iso = (value: string | Date) => new Date(value).toISOString();
/** Exact hours, not rounded: an entry's hours times its rate is its amount to the fils (the amount is its seconds' charge, rounded once). */
const hoursOf = (seconds: number) => seconds / 3600;

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
  const repository = createAdminTimeRepository(db);

  async function summaryOf(filters: TimeFilters): Promise<TimeSummary & { amounts: { currency: string; minor: number }[] }> {
    const [totals, amounts] = await Promise.all([repository.totals(filters), repository.amounts(filters)]);
    const seconds = Number(totals?.seconds ?? 0);
    const byCurrency = amounts.map((row) => ({ currency: row.currency, minor: Number(row.minor) }));
    const totalMinor = sumConverted(byCurrency, 'AED');
    return {
      total_seconds: seconds,
      total_hours: hoursOf(seconds),
      total_amount: toDecimal(totalMinor),
      unique_professionals: totals?.professionals ?? 0,
      // Per hour worked, over all the hours (not an average of the rates).
      average_hourly_rate: seconds > 0 ? Math.round((toDecimal(totalMinor) / (seconds / 3600)) * 100) / 100 : 0,
      currency: 'AED',
      amounts: byCurrency,
    };
  }

  return {
    async list(actor: AdminActor, params: AdminTimeTrackingParams): Promise<AdminTimeTrackingResponse> {
      requirePermission(actor, 'view_users');
      const [rows, total, summary] = await Promise.all([
        repository.page(params, {
          byCreation: params.sort_by === 'created_at',
          ascending: params.sort_order === 'asc',
          skip: params.skip,
          limit: params.limit,
        }),
        repository.count(params),
        summaryOf(params),
      ]);
      const { amounts: _amounts, ...cards } = summary;
      return { time_logs: rows.map(toLog), summary: cards, pagination: paginationOf(params.skip, params.limit, total) };
    },

    /**
     * The report of every entry the filters match, oldest first, as a PDF data link. Past
     * TIME_REPORT_MAX_ENTRIES it is not made: the answer says to narrow the filters.
     */
    async report(actor: AdminActor, request: TimeReportRequest): Promise<TimeReportResponse> {
      requirePermission(actor, 'view_users');
      const filename = 'time_tracking_report.pdf';
      const rows = await repository.oldestFirst(request, TIME_REPORT_MAX_ENTRIES + 1);
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
  filters: TimeFilters;
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
