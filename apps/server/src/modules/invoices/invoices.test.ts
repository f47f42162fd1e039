import { invoiceNumber, type TaxInvoice } from '@mihna/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { taxInvoices } from './invoices.schema.ts';
import { transaction } from '../../db/transaction.ts';
import { createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { pdfLines } from '../documents/pdf-reading.ts';
import { credit, debit, PLATFORM } from '../payments/ledger.repository.ts';
import { call, earn, expectLedgerSound, payCheckout, postFeaturedJob } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';
import { invoiceDocument } from './invoice-document.ts';
import { invoiceNumberSql } from './invoices.repository.ts';
import { readZatcaQrText } from './zatca.ts';
import type { App } from '../../app.ts';

const clock = createTestClock(Date.parse('2026-11-20T08:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let saudiProfessional: TestAccount;
let stranger: TestAccount;

const invoicesOf = async (account: TestAccount) => {
  const response = await call(app, 'GET', '/api/invoices', account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ invoices: TaxInvoice[] }>().invoices;
};
const setCountry = (account: TestAccount, country: string) =>
  app.services.database.db.execute(sql`update users set country = ${country} where id = ${account.user.id}`);

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  saudiProfessional = await createUser(app, { first_name: 'Faisal', last_name: 'Al Qahtani' });
  stranger = await createUser(app, { first_name: 'Yousef', last_name: 'Al Hammadi' });
  await setCountry(saudiProfessional, 'SA');
});
afterAll(() => app.close());

describe('tax invoices', () => {
  it('are issued for the service fee of every release, with the VAT of the professional’s country inside it', async () => {
    // AED 1,000 and AED 500 released: fees of AED 20 and AED 10, each with 5% UAE VAT inside.
    await earn(app, employer, professional, [1000, 500]);
    const invoices = await invoicesOf(professional);
    expect(invoices).toHaveLength(2);
    expect(
      invoices.map((invoice) => [invoice.kind, invoice.total_amount, invoice.net_amount, invoice.vat_amount, invoice.vat_rate]).sort(),
    ).toEqual([
      ['service_fee', 10, 9.52, 0.48, 5],
      ['service_fee', 20, 19.05, 0.95, 5],
    ]);
    expect(invoices.every((invoice) => /^MIH-2026-\d{6}$/.test(invoice.number) && invoice.currency === 'AED')).toBe(true);
    // The employer paid no fee here: the invoices are the professional's alone.
    expect(await invoicesOf(employer)).toEqual([]);

    await earn(app, employer, saudiProfessional, [1150]);
    const [saudi] = await invoicesOf(saudiProfessional);
    expect(saudi).toMatchObject({
      kind: 'service_fee',
      total_amount: 23,
      net_amount: 20,
      vat_amount: 3,
      vat_rate: 15,
      buyer_country: 'SA',
    });
    await expectLedgerSound(app);
  });

  it('are issued to the employer for a featured fee', async () => {
    const jobId = await postFeaturedJob(app, employer);
    const checkout = await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, employer.token);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    const [featured] = await invoicesOf(employer);
    expect(featured).toMatchObject({
      kind: 'featured_fee',
      total_amount: 20,
      vat_rate: 5,
      job_title: 'Arabic menu design for a Jumeirah café',
    });
  });

  it('download as PDF in English and Arabic, to the person invoiced only', async () => {
    const invoice = (await invoicesOf(professional)).find((listed) => listed.total_amount === 10);
    const english = await call(app, 'GET', `/api/invoices/${invoice!.id}/pdf?language=en`, professional.token);
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-disposition']).toBe(`attachment; filename="${invoice!.number}-en.pdf"`);
    const lines = await pdfLines(english.rawPayload, 'ltr');
    expect(lines[0]).toBe('Mihna | Tax invoice');
    expect(lines).toContain(`Invoice number | ${invoice!.number}`);
    expect(lines).toContain('Seller VAT number | 100123456700003');
    expect(lines).toContain('Buyer | Hessa Al Falasi');
    expect(lines).toContain('Buyer country | United Arab Emirates');
    expect(lines).toContain('Service fee (2%) on a payment released to you | AED 9.52 | 5% | AED 0.48 | AED 10.00');
    expect(lines).toContain('Total incl. VAT | AED 10.00');

    const arabic = await call(app, 'GET', `/api/invoices/${invoice!.id}/pdf?language=ar`, professional.token);
    const arabicLines = await pdfLines(arabic.rawPayload, 'rtl');
    expect(arabicLines[0]).toBe('مهنة | فاتورة ضريبية');
    expect(arabicLines).toContain('ضريبة القيمة المضافة 5% | 0.48 د.إ');
    expect(arabicLines).toContain('الإجمالي شامل الضريبة | 10.00 د.إ');

    for (const account of [employer, stranger, saudiProfessional]) {
      const refused = await call(app, 'GET', `/api/invoices/${invoice!.id}/pdf`, account.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found', detail: 'Invoice not found' });
    }
    expect((await call(app, 'GET', `/api/invoices/${invoice!.id}/pdf`)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/invoices')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/invoices/not-an-id/pdf', professional.token)).statusCode).toBe(404);
  });

  it('carry ZATCA’s QR code for a buyer in Saudi Arabia, decoding to the five required fields', async () => {
    const [invoice] = await invoicesOf(saudiProfessional);
    const response = await call(app, 'GET', `/api/invoices/${invoice!.id}/pdf?language=ar`, saudiProfessional.token);
    expect((await pdfLines(response.rawPayload, 'rtl'))[0]).toBe('مهنة | فاتورة ضريبية مبسطة');
    const [row] = await app.services.database.db
      .select()
      .from(taxInvoices)
      .where(sql`${taxInvoices.id} = ${invoice!.id}`);
    const document = await invoiceDocument(row!, 'ar');
    expect(document.qr_svg).toMatch(/^<svg /);
    expect([...readZatcaQrText(document.qr_text as string).entries()].map(([tag, value]) => `${tag}:${value}`)).toEqual([
      '1:Mihna Marketplace FZ-LLC',
      '2:100123456700003',
      `3:${row!.issuedAt.toISOString().replace('.000Z', 'Z')}`,
      '4:23.00',
      '5:3.00',
    ]);
  });

  it('number the fees of one transaction in order, each year from its own counter, as invoiceNumber prints them', async () => {
    const { db } = app.services.database;
    const job = await insertJob(app, employer.user.id, { title: 'Fees across a new year' });
    const account = (kind: 'provider_cash' | 'featured_income') => ({ kind, ownerId: PLATFORM, currency: 'AED' });
    const { settings } = app.services;
    await settings.replaceSettings(
      {
        ...(await settings.getSettings()),
        address: 'Office 1204, Al Saqr Business Tower, Sheikh Zayed Road, Dubai',
      },
      db,
    );
    // 23:00 and 23:30 on 31 December in the Gulf, then 00:30 on 1 January.
    const times = ['2026-12-31T19:00:00Z', '2026-12-31T20:30:00Z', '2026-12-31T19:30:00Z'];
    await transaction(db, (tx) =>
      app.services.ledger.postMany(
        times.map((at, index) => ({
          kind: 'featured_fee',
          reference: `new-year-fee:${index}`,
          description: 'Featured project fee',
          jobId: job.id,
          createdAt: new Date(at),
          legs: [debit(account('provider_cash'), 3000 + index), credit(account('featured_income'), 3000 + index)],
        })),
        tx,
      ),
    );
    const rows = await db
      .select({
        reference: taxInvoices.ledgerReference,
        year: taxInvoices.year,
        sequence: taxInvoices.sequence,
        number: taxInvoices.number,
        sellerAddress: taxInvoices.sellerAddress,
        buyerId: taxInvoices.buyerId,
        jobTitle: taxInvoices.jobTitle,
      })
      .from(taxInvoices)
      .where(sql`${taxInvoices.ledgerReference} like 'new-year-fee:%'`)
      .orderBy(taxInvoices.ledgerReference);
    expect(rows.map((row) => row.year)).toEqual([2026, 2027, 2026]);
    for (const row of rows) {
      expect(row.number).toBe(invoiceNumber(row.year, row.sequence));
      // A featured fee is the project owner's; the seller's address is the one set when it was issued.
      expect(row).toMatchObject({
        buyerId: employer.user.id,
        jobTitle: 'Fees across a new year',
        sellerAddress: 'Office 1204, Al Saqr Business Tower, Sheikh Zayed Road, Dubai',
      });
    }
    expect((rows[2]?.sequence ?? 0) - (rows[0]?.sequence ?? 0)).toBe(1);
    expect(rows[1]?.sequence).toBe(1);
    for (const sequence of [1, 42, 999_999, 1_000_000, 12_345_678]) {
      const [row] = await rowsOf<{ number: string }>(db, sql`select ${invoiceNumberSql(2026, sql`${sequence}::int`)} as number`);
      expect(row?.number).toBe(invoiceNumber(2026, sequence));
    }
    await expectLedgerSound(app);
  });

  it('are numbered without a gap or a duplicate when 50 fees are charged at once, some rolled back', async () => {
    const job = await insertJob(app, employer.user.id, { title: 'Fees at once' });
    const before = await app.services.database.db
      .select({ sequence: taxInvoices.sequence })
      .from(taxInvoices)
      .where(eq(taxInvoices.year, 2026));
    const account = (kind: 'provider_cash' | 'featured_income') => ({ kind, ownerId: PLATFORM, currency: 'AED' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        transaction(app.services.database.db, async (tx) => {
          await app.services.ledger.post(
            {
              kind: 'featured_fee',
              reference: `concurrent-fee:${index}`,
              description: 'Featured project fee',
              jobId: job.id,
              createdAt: clock.now(),
              legs: [debit(account('provider_cash'), 2000 + index), credit(account('featured_income'), 2000 + index)],
            },
            tx,
          );
          // Every tenth transaction fails after its fee was written: its number must come back.
          if (index % 10 === 3) throw new Error('rolled back');
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(45);
    const sequences = (
      await app.services.database.db.select({ sequence: taxInvoices.sequence }).from(taxInvoices).where(eq(taxInvoices.year, 2026))
    )
      .map((row) => row.sequence)
      .sort((a, b) => a - b);
    expect(sequences).toHaveLength(before.length + 45);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    await expectLedgerSound(app);
  });
});
