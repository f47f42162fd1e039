import type { Timesheet } from '@mihna/shared';
import { directionOf, type DocumentBase, documentFormat, type DocumentLanguage, documentTexts, fill, typed } from '../documents/index.ts';
import type { TimeEntryRow } from './time.repository.ts';

export interface TimesheetDocumentInput {
  language: DocumentLanguage;
  jobTitle: string;
  employerName: string;
  professionalName: string;
  /** Who approved the week; null when nobody has, or it was approved automatically. */
  reviewerName: string | null;
  rateMinor: number;
  currency: string;
  sheet: Timesheet;
  entries: TimeEntryRow[];
  issuedAt: Date;
}

/** A week's timesheet as the data its PDF template lays out: the job, the week, each entry, totals and the approval. */
export function timesheetDocument(input: TimesheetDocumentInput): DocumentBase & Record<string, unknown> {
  const { language, sheet, entries, currency } = input;
  const texts = documentTexts[language];
  const words = texts.timesheet;
  const format = documentFormat(language);

  const status =
    sheet.status === 'in_progress'
      ? fill(words.in_progress, { date: format.date(sheet.week_end) })
      : sheet.status === 'awaiting_review'
        ? fill(words.awaiting_review, { date: format.gulfDate(new Date(sheet.auto_approve_at ?? sheet.week_end)) })
        : sheet.approved_automatically || input.reviewerName === null
          ? fill(words.approved_automatically, { date: format.gulfDate(new Date(sheet.reviewed_at ?? sheet.week_end)) })
          : fill(words.approved_by, { name: input.reviewerName, date: format.gulfDate(new Date(sheet.reviewed_at ?? sheet.week_end)) });

  const rows = entries.map((entry) => {
    const note = entry.source === 'manual' ? fill(words.manual, { reason: entry.manualReason ?? '' }) : entry.capped ? words.capped : null;
    const review =
      entry.reviewStatus === 'approved'
        ? words.entry_approved
        : entry.reviewStatus === 'disputed'
          ? { text: words.entry_disputed, tone: 'warn', note: entry.reviewNote, note_dir: directionOf(entry.reviewNote ?? '') }
          : { text: words.not_reviewed, tone: 'muted' };
    return [
      format.gulfDay(entry.startedAt),
      format.gulfTimes(entry.startedAt, entry.endedAt),
      { ...typed(entry.description), note, note_dir: note && directionOf(note) },
      entry.seconds === null ? { text: words.running, tone: 'muted' } : format.duration(entry.seconds),
      entry.amountMinor === null ? '—' : format.money(entry.amountMinor, currency),
      review,
    ];
  });

  const recordedSeconds = entries.reduce((sum, entry) => sum + (entry.seconds ?? 0), 0);
  const recordedMinor = entries.reduce((sum, entry) => sum + (entry.amountMinor ?? 0), 0);
  const disputedSeconds = entries
    .filter((entry) => entry.reviewStatus === 'disputed')
    .reduce((sum, entry) => sum + (entry.seconds ?? 0), 0);
  const approvedSeconds = entries
    .filter((entry) => entry.reviewStatus === 'approved')
    .reduce((sum, entry) => sum + (entry.seconds ?? 0), 0);
  const approvedMinor = entries
    .filter((entry) => entry.reviewStatus === 'approved')
    .reduce((sum, entry) => sum + (entry.amountMinor ?? 0), 0);
  const totals: [string, string][] = [
    [words.total_time, format.duration(recordedSeconds)],
    [words.total_amount, format.money(recordedMinor, currency)],
  ];
  if (disputedSeconds > 0) totals.push([words.disputed, format.duration(disputedSeconds)]);
  if (sheet.status === 'approved')
    totals.push([words.approved_time, format.duration(approvedSeconds)], [words.approved_amount, format.money(approvedMinor, currency)]);

  const weekRange = fill(words.week_range, { start: format.date(sheet.week_start), end: format.date(sheet.week_end) });
  const details: [string, unknown][] = [
    [words.project, typed(input.jobTitle)],
    [words.week, weekRange],
    [words.employer, typed(input.employerName)],
    [words.professional, typed(input.professionalName)],
    [words.rate, format.money(input.rateMinor, currency)],
    [words.status, status],
  ];
  if (sheet.bill) details.push([words.payment, words.bill[sheet.bill.status]]);

  return {
    lang: language,
    title: words.title,
    brand: texts.brand,
    page_label: texts.page,
    footer: `${texts.brand} · ${words.title} · ${weekRange}`,
    details,
    columns: words.columns,
    rows: rows.length > 0 ? rows : [[{ text: words.empty, tone: 'muted' }, '', '', '', '', '']],
    totals,
    notes: [
      texts.gulf_time,
      ...(disputedSeconds > 0 ? [words.note_disputes] : []),
      fill(texts.issued, { date: format.gulfDate(input.issuedAt) }),
    ],
  };
}
