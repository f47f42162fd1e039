import { weekEndOf } from '@mihna/shared';
import type { StoredReceiptLine } from './invoices.schema.ts';
import { type DocumentBase, documentFormat, type DocumentLanguage, documentTexts, fill, typed } from '../documents/index.ts';
import type { NewPaymentReceipt, PaymentReceiptRow } from './receipts.repository.ts';

type Receipt = Pick<
  PaymentReceiptRow,
  | 'number'
  | 'purpose'
  | 'payerName'
  | 'payerVatNumber'
  | 'sellerName'
  | 'jobId'
  | 'jobTitle'
  | 'lines'
  | 'currency'
  | 'amountMinor'
  | 'paymentReference'
  | 'paidAt'
>;

/** What a line of a receipt paid for, in the receipt's language: a milestone as its employer named it, or a week's hours. */
function lineText(line: StoredReceiptLine, language: DocumentLanguage) {
  const format = documentFormat(language);
  if (line.kind === 'milestone') return line.title;
  return fill(documentTexts[language].receipt.hours, {
    start: format.date(line.weekStart),
    end: format.date(weekEndOf(line.weekStart)),
    duration: format.duration(line.seconds),
  });
}

/** A receipt as the data its PDF template lays out: who paid whom, when, for what, and the provider's reference. */
export function receiptDocument(receipt: Receipt, language: DocumentLanguage): DocumentBase & Record<string, unknown> {
  const texts = documentTexts[language];
  const words = texts.receipt;
  const format = documentFormat(language);
  const amount = (minor: number) => format.money(minor, receipt.currency);

  const details: [string, unknown][] = [
    [words.number, receipt.number],
    [words.paid_on, format.gulfDate(receipt.paidAt)],
    [words.paid_by, typed(receipt.payerName)],
  ];
  if (receipt.payerVatNumber) details.push([words.payer_vat, receipt.payerVatNumber]);
  details.push([words.paid_to, typed(receipt.sellerName)]);
  if (receipt.jobTitle) details.push([words.project, typed(receipt.jobTitle)]);
  details.push([words.for, words.purpose[receipt.purpose]], [words.reference, receipt.paymentReference]);

  const rows =
    receipt.lines.length > 0
      ? receipt.lines.map((line) => [
          line.kind === 'milestone' ? typed(lineText(line, language)) : lineText(line, language),
          amount(line.amountMinor),
        ])
      : [[words.purpose[receipt.purpose], amount(receipt.amountMinor)]];

  return {
    lang: language,
    title: words.title,
    brand: texts.brand,
    page_label: texts.page,
    footer: `${texts.brand} · ${words.title} · ${receipt.number}`,
    details,
    columns: words.columns,
    rows,
    totals: [[words.total, amount(receipt.amountMinor)]],
    notes: [receipt.purpose === 'timesheet' ? words.note_hours : words.note_escrow, words.note_not_invoice],
  };
}

/** The receipt's e-mail, in the payer's language: the amount, what it paid for, the date and the payment reference. */
export function receiptEmail(receipt: Receipt | NewPaymentReceipt, language: DocumentLanguage, publicUrl: string) {
  const words = documentTexts[language].receipt;
  const format = documentFormat(language);
  const amount = format.money(receipt.amountMinor, receipt.currency);
  const links = [receipt.jobId ? `${publicUrl}/projects/${receipt.jobId}/payment` : null, `${publicUrl}/invoices`];
  const text = [
    words.email.greeting,
    '',
    fill(words.email.number, { number: receipt.number }),
    fill(words.email.amount, { amount }),
    fill(words.email.for, { purpose: words.purpose[receipt.purpose] }),
    ...(receipt.jobTitle ? [fill(words.email.project, { title: receipt.jobTitle })] : []),
    ...receipt.lines.map((line) =>
      fill(words.email.item, { description: lineText(line, language), amount: format.money(line.amountMinor, receipt.currency) }),
    ),
    fill(words.email.date, { date: format.gulfDate(receipt.paidAt) }),
    fill(words.email.reference, { reference: receipt.paymentReference }),
    '',
    words.email.download,
    ...links.filter((link) => link !== null),
    '',
  ].join('\n');
  return { subject: fill(words.email.subject, { number: receipt.number, amount }), text };
}
