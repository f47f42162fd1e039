import { invoiceMessages, type PaymentReceipt, type TaxInvoice } from '@mihna/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestClock, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { pdfLines } from '../documents/pdf-reading.ts';
import { call, expectLedgerSound, fundEscrow, hire, payCheckout, postFeaturedJob } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import type { App } from '../../app.ts';

// Monday 2 November 2026, 10:00 in Dubai.
const clock = createTestClock(Date.parse('2026-11-02T06:00:00Z'));
let app: App;
let employer: TestAccount;
let professional: TestAccount;
let stranger: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  stranger = await createEmployer(app, { first_name: 'Yousef', last_name: 'Al Hammadi', company_name: 'Dune Studio' });
});
afterAll(() => app.close());

const receiptsOf = async (account: TestAccount, query = '') => {
  const response = await call(app, 'GET', `/api/receipts${query}`, account.token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ receipts: PaymentReceipt[] }>().receipts;
};
const receiptPdf = (account: TestAccount, id: string, language: 'en' | 'ar') =>
  call(app, 'GET', `/api/receipts/${id}/pdf?language=${language}`, account.token);
const setVatNumber = (account: TestAccount, vatNumber: string | null) =>
  call(app, 'PUT', `/api/users/${account.user.id}`, account.token, { vat_number: vatNumber });

describe('PUT /api/users/{id} with a VAT number', () => {
  it('answers 422 in the rule’s words when it is not 15 digits, and changes nothing', async () => {
    for (const wrong of ['12345', '1001234567000031', '100-123-ABC-00003']) {
      const refused = await setVatNumber(employer, wrong);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: 'validation_failed',
        detail: [{ loc: ['body', 'vat_number'], msg: invoiceMessages.vatNumberInvalid }],
      });
    }
    const me = await call(app, 'GET', '/api/users/me', employer.token);
    expect(me.json()).toMatchObject({ vat_number: null });
  });

  it('keeps a TRN as its 15 digits, however it was typed, and clears it when emptied', async () => {
    const saved = await setVatNumber(employer, '١٠٠ 1234-5670 0003');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ vat_number: '100123456700003' });
    expect((await setVatNumber(employer, '')).json()).toMatchObject({ vat_number: null });
    expect((await setVatNumber(employer, '100987654300003')).json()).toMatchObject({ vat_number: '100987654300003' });
  });
});

describe('receipts', () => {
  let escrowReceipt: PaymentReceipt;
  let escrowJobId: string;

  it('are issued when escrow is funded, and e-mailed to the employer with the amount, what it paid for, the date and the reference', async () => {
    const job = await hire(app, employer, professional, { title: 'Clinic booking site' });
    escrowJobId = job.id;
    await fundEscrow(app, employer, job.id, [1000, 500.5]);
    const [receipt] = await receiptsOf(employer);
    expect(receipt).toMatchObject({
      number: 'MIH-R-000001',
      purpose: 'escrow',
      job_id: job.id,
      job_title: 'Clinic booking site',
      currency: 'AED',
      amount: 1500.5,
      lines: [
        { kind: 'milestone', title: 'Milestone 1', amount: 1000 },
        { kind: 'milestone', title: 'Milestone 2', amount: 500.5 },
      ],
    });
    expect(receipt!.payment_reference).toMatch(/^pi_test_/);
    escrowReceipt = receipt!;
    // The professional paid nothing: no receipt is theirs.
    expect(await receiptsOf(professional)).toEqual([]);

    const [email] = (await outboxFor(app, employer.user.email)).filter((message) => message.subject.includes('receipt'));
    expect(email?.subject).toBe('Your Mihna receipt MIH-R-000001: AED 1,500.50 paid');
    const lines = email!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Receipt number: MIH-R-000001',
        'Amount paid: AED 1,500.50',
        'For: Escrow funded',
        'Project: Clinic booking site',
        '- Milestone 1: AED 1,000.00',
        '- Milestone 2: AED 500.50',
        'Date: Nov 2, 2026',
        `Payment reference: ${receipt!.payment_reference}`,
        `http://localhost:3000/projects/${job.id}/payment`,
      ]),
    );
    await expectLedgerSound(app);
  });

  it('open as a PDF in English and Arabic, to their payer only', async () => {
    const english = await receiptPdf(employer, escrowReceipt.id, 'en');
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers['content-disposition']).toBe('attachment; filename="MIH-R-000001-en.pdf"');
    const lines = await pdfLines(english.rawPayload, 'ltr');
    expect(lines[0]).toBe('Mihna | Payment receipt');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Receipt number | MIH-R-000001',
        'Date paid | Nov 2, 2026',
        'Paid by | Falcon Tech',
        'Payer VAT number (TRN) | 100987654300003',
        'Paid to | Mihna Marketplace FZ-LLC',
        'Project | Clinic booking site',
        'For | Escrow funded',
        `Payment reference | ${escrowReceipt.payment_reference}`,
        'Milestone 1 | AED 1,000.00',
        'Milestone 2 | AED 500.50',
        'Total paid | AED 1,500.50',
      ]),
    );

    const arabic = await receiptPdf(employer, escrowReceipt.id, 'ar');
    const arabicLines = await pdfLines(arabic.rawPayload, 'rtl');
    expect(arabicLines[0]).toBe('مهنة | إيصال دفع');
    expect(arabicLines).toEqual(expect.arrayContaining(['رقم الإيصال | MIH-R-000001', 'إجمالي المدفوع | 1,500.50 د.إ']));

    for (const account of [professional, stranger]) {
      const refused = await receiptPdf(account, escrowReceipt.id, 'en');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'not_found', detail: invoiceMessages.receiptNotFound });
    }
    expect((await call(app, 'GET', `/api/receipts/${escrowReceipt.id}/pdf`)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/receipts/not-an-id/pdf', employer.token)).statusCode).toBe(404);
  });

  it('are issued for a week’s hours paid, in the language the employer paid in', async () => {
    const job = await hire(app, employer, professional, { title: 'موقع حجز للعيادة', jobType: 'hourly' }, 150);
    clock.advance(Date.parse('2026-11-05T12:00:00Z') - clock.now().getTime());
    // Tuesday 3 November: 2 h 30 min at AED 150 an hour.
    const added = await call(app, 'POST', '/api/time/manual', professional.token, {
      job_id: job.id,
      description: 'Booking form',
      start_time: '2026-11-03T05:00:00Z',
      end_time: '2026-11-03T07:30:00Z',
      reason: 'Worked on site without the laptop',
    });
    expect(added.statusCode, added.body).toBe(201);
    clock.advance(Date.parse('2026-11-09T21:00:00Z') - clock.now().getTime());
    const approved = await call(app, 'POST', `/api/jobs/${job.id}/timesheets/2026-11-02/approve`, employer.token, { disputes: [] });
    expect(approved.statusCode, approved.body).toBe(200);
    const checkout = await app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/timesheets/2026-11-02/pay`,
      headers: { ...bearer(employer.token), cookie: 'mihna.language=ar' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);

    const [receipt] = await receiptsOf(employer, `?job_id=${job.id}`);
    expect(receipt).toMatchObject({
      number: 'MIH-R-000002',
      purpose: 'timesheet',
      job_title: 'موقع حجز للعيادة',
      amount: 375,
      lines: [{ kind: 'hours', week_start: '2026-11-02', seconds: 9000, amount: 375 }],
    });
    // A project's receipts are its own; all of them list newest first.
    expect((await receiptsOf(employer, `?job_id=${escrowJobId}`)).map((listed) => listed.number)).toEqual(['MIH-R-000001']);
    expect((await receiptsOf(employer)).map((listed) => listed.number)).toEqual(['MIH-R-000002', 'MIH-R-000001']);

    const [email] = (await outboxFor(app, employer.user.email)).filter((message) => message.subject.includes('MIH-R-000002'));
    expect(email?.subject).toBe('إيصالك من مهنة MIH-R-000002: تم دفع 375.00 د.إ');
    expect(email!.text.split('\n')).toEqual(
      expect.arrayContaining([
        'المبلغ المدفوع: 375.00 د.إ',
        'مقابل: دفع الساعات المعتمدة',
        'المشروع: موقع حجز للعيادة',
        '- الساعات المعتمدة، أسبوع 2 نوفمبر 2026 – 8 نوفمبر 2026 (2 س 30 د): 375.00 د.إ',
        'التاريخ: 10 نوفمبر 2026',
        `مرجع الدفع: ${receipt!.payment_reference}`,
      ]),
    );

    const lines = await pdfLines((await receiptPdf(employer, receipt!.id, 'en')).rawPayload, 'ltr');
    expect(lines).toEqual(
      expect.arrayContaining([
        'For | Approved hours paid',
        'Approved hours, week of Nov 2, 2026 – Nov 8, 2026 (2 h 30 min) | AED 375.00',
        'Total paid | AED 375.00',
      ]),
    );
    await expectLedgerSound(app);
  });
});

describe('tax invoices to a business', () => {
  let invoice: TaxInvoice;

  it('print the buyer’s VAT number (TRN)', async () => {
    const jobId = await postFeaturedJob(app, employer);
    const checkout = await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, employer.token);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    const listed = await call(app, 'GET', '/api/invoices', employer.token);
    [invoice] = listed.json<{ invoices: TaxInvoice[] }>().invoices as [TaxInvoice];
    expect(invoice).toMatchObject({ kind: 'featured_fee', buyer_vat_number: '100987654300003' });
    const pdf = await call(app, 'GET', `/api/invoices/${invoice.id}/pdf?language=en`, employer.token);
    expect(await pdfLines(pdf.rawPayload, 'ltr')).toEqual(
      expect.arrayContaining(['Buyer | Falcon Tech', 'Buyer VAT number (TRN) | 100987654300003', 'Seller VAT number | 100123456700003']),
    );
  });

  it('print the seller’s address in Arabic on the Arabic invoice', async () => {
    const english = await pdfLines(
      (await call(app, 'GET', `/api/invoices/${invoice.id}/pdf?language=en`, employer.token)).rawPayload,
      'ltr',
    );
    expect(english).toContain('Dubai Internet City, Dubai, United Arab Emirates');
    const arabic = await pdfLines(
      (await call(app, 'GET', `/api/invoices/${invoice.id}/pdf?language=ar`, employer.token)).rawPayload,
      'rtl',
    );
    expect(arabic).toContain('مدينة دبي للإنترنت، دبي، الإمارات العربية المتحدة');
    expect(arabic).toContain('الرقم الضريبي للمشتري (TRN) | 100987654300003');
    expect(arabic.join('\n')).not.toContain('Dubai Internet City');
  });

  it('go without a buyer’s number to a buyer who gave none', async () => {
    const jobId = await postFeaturedJob(app, stranger);
    const checkout = await call(app, 'POST', `/api/jobs/${jobId}/featured-payment/create`, stranger.token);
    await payCheckout(app, checkout.json<{ checkout_url: string }>().checkout_url);
    const [own] = (await call(app, 'GET', '/api/invoices', stranger.token)).json<{ invoices: TaxInvoice[] }>().invoices;
    expect(own).toMatchObject({ buyer_vat_number: null });
    const lines = await pdfLines((await call(app, 'GET', `/api/invoices/${own!.id}/pdf`, stranger.token)).rawPayload, 'ltr');
    expect(lines.some((line) => line.startsWith('Buyer VAT number'))).toBe(false);
  });
});
