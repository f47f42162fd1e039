import { countryList, money, toDecimalText, type CurrencyCode } from '@mihna/shared';
import QRCode from 'qrcode';
import { directionOf, type DocumentBase, documentFormat, type DocumentLanguage, documentTexts, fill, typed } from '../documents/index.ts';
import type { TaxInvoiceRow } from './invoices.repository.ts';
import { zatcaQrText } from './zatca.ts';

const percent = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * An invoice as the data its PDF template lays out: seller and buyer, the fee with its VAT, the totals,
 * and for a buyer in Saudi Arabia the simplified invoice's QR code (ZATCA's five TLV fields).
 */
export async function invoiceDocument(invoice: TaxInvoiceRow, language: DocumentLanguage): Promise<DocumentBase & Record<string, unknown>> {
  const texts = documentTexts[language];
  const words = texts.invoice;
  const format = documentFormat(language);
  const amount = (minor: number) => format.money(minor, invoice.currency);
  const isSaudi = invoice.buyerCountry === 'SA';
  const country = countryList.find((entry) => entry.code === invoice.buyerCountry)?.name[language] ?? invoice.buyerCountry;
  // A Saudi buyer registered for VAT gets a full tax invoice with its number; one without, ZATCA's simplified one.
  const title = isSaudi && !invoice.buyerVatNumber ? words.title_simplified : words.title;
  const sellerAddress = (language === 'ar' ? invoice.sellerAddressAr : null) ?? invoice.sellerAddress;

  const details: [string, unknown][] = [
    [words.number, invoice.number],
    [words.issued, format.gulfDate(invoice.issuedAt)],
    [words.seller, { ...typed(invoice.sellerName), note: sellerAddress, note_dir: directionOf(sellerAddress) }],
    [words.seller_vat, invoice.sellerVatNumber],
    [words.buyer, typed(invoice.buyerName)],
  ];
  if (invoice.buyerVatNumber) details.push([words.buyer_vat, invoice.buyerVatNumber]);
  details.push([words.country, country]);
  if (invoice.jobTitle) details.push([words.project, typed(invoice.jobTitle)]);

  const qrText = isSaudi
    ? zatcaQrText({
        sellerName: invoice.sellerName,
        vatNumber: invoice.sellerVatNumber,
        issuedAt: invoice.issuedAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        total: toDecimalText(money(invoice.totalMinor, invoice.currency as CurrencyCode)),
        vat: toDecimalText(money(invoice.vatMinor, invoice.currency as CurrencyCode)),
      })
    : null;

  return {
    lang: language,
    title,
    brand: texts.brand,
    page_label: texts.page,
    footer: `${texts.brand} · ${title} · ${invoice.number}`,
    details,
    columns: words.columns,
    rows: [
      [
        words[invoice.kind],
        amount(invoice.netMinor),
        percent(invoice.vatRateBp),
        amount(invoice.vatMinor),
        { text: amount(invoice.totalMinor), tone: 'strong' },
      ],
    ],
    totals: [
      [words.subtotal, amount(invoice.netMinor)],
      [fill(words.vat, { rate: percent(invoice.vatRateBp) }), amount(invoice.vatMinor)],
      [words.total, amount(invoice.totalMinor)],
    ],
    qr_svg: qrText ? await QRCode.toString(qrText, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' }) : null,
    qr_text: qrText,
    notes: [invoice.vatRateBp === 0 ? words.note_zero : words.note_included],
  };
}
