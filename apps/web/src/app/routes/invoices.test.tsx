import type { PaymentReceipt, TaxInvoice } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../test/testing.tsx';
import { i18n } from '../../i18n/index.ts';
import InvoicesPage from './invoices.tsx';

const INVOICE_ID = '44444444-4444-4444-8444-444444444444';
const invoice: TaxInvoice = {
  id: INVOICE_ID,
  number: 'MIH-2026-000042',
  kind: 'service_fee',
  issued_at: '2026-11-20T08:00:00Z',
  job_id: null,
  job_title: 'Clinic booking site',
  currency: 'AED',
  net_amount: 19.05,
  vat_amount: 0.95,
  total_amount: 20,
  vat_rate: 5,
  buyer_country: 'AE',
  buyer_vat_number: null,
};
const invoices = (list: TaxInvoice[]) => answer('GET', '/api/invoices', () => jsonResponse(200, { invoices: list, next_before: null }));
const RECEIPT_ID = '55555555-5555-4555-8555-555555555555';
const receipt: PaymentReceipt = {
  id: RECEIPT_ID,
  number: 'MIH-R-000003',
  purpose: 'escrow',
  paid_at: '2026-11-20T08:00:00Z',
  job_id: '22222222-2222-4222-8222-222222222222',
  job_title: 'Clinic booking site',
  currency: 'AED',
  amount: 1500,
  payment_reference: 'pi_test_91ab',
  lines: [{ kind: 'milestone', title: 'Booking form', amount: 1500 }],
};
const receipts = (list: PaymentReceipt[]) => answer('GET', '/api/receipts', () => jsonResponse(200, { receipts: list, next_before: null }));
const renderPage = () => renderRoutes([{ path: '/invoices', element: <InvoicesPage /> }], '/invoices');

describe('/invoices', () => {
  beforeAll(async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces(['earnings', 'common', 'validation']);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists each invoice with its fee, number, project and the VAT inside it, and downloads its PDF in either language', async () => {
    const saved: string[] = [];
    // jsdom has no object URLs; the browser's would name the downloaded blob.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:invoice';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = mockApi(
      signedInAs({ role: 'professional' }),
      invoices([invoice]),
      answer(
        'GET',
        `/api/invoices/${INVOICE_ID}/pdf`,
        (call) =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="MIH-2026-000042-${call.query.get('language') ?? ''}.pdf"`,
            },
          }),
      ),
    );
    renderPage();
    expect(await screen.findByText('Service fee (2%)')).toBeTruthy();
    expect(screen.getByText('MIH-2026-000042')).toBeTruthy();
    expect(screen.getByText('Clinic booking site')).toBeTruthy();
    expect(screen.getByText(/incl\. VAT 5%: AED 0\.95/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual(['MIH-2026-000042-en.pdf']));
    fireEvent.click(screen.getByRole('button', { name: 'PDF بالعربية' }));
    await waitFor(() => expect(saved).toEqual(['MIH-2026-000042-en.pdf', 'MIH-2026-000042-ar.pdf']));
    expect(api.calls.filter((call) => call.path.endsWith('/pdf')).map((call) => call.query.get('language'))).toEqual(['en', 'ar']);
  });

  it('says when there is no invoice yet, and to an employer what is invoiced and where payments for work are', async () => {
    mockApi(signedInAs({ role: 'employer' }), invoices([]), receipts([]));
    renderPage();
    expect(await screen.findByText(/Mihna charges employers only for featuring a project/)).toBeTruthy();
    expect(await screen.findByText(/No receipts yet\. When you fund escrow or pay a week's hours/)).toBeInTheDocument();
  });

  it.each([
    {
      language: 'en' as const,
      title: 'Receipts and tax invoices',
      receipts: 'Payment receipts',
      purpose: 'Escrow funded',
      reference: 'Payment reference',
      download: 'Download PDF',
    },
    {
      language: 'ar' as const,
      title: 'الإيصالات والفواتير الضريبية',
      receipts: 'إيصالات الدفع',
      purpose: 'تمويل الضمان (الإسكرو)',
      reference: 'مرجع الدفع',
      download: 'تنزيل PDF',
    },
  ])('shows an employer the receipt of every payment they made, before their invoices, in $language', async (texts) => {
    await loadTranslations(texts.language);
    await i18n.loadNamespaces(['earnings', 'common', 'validation', 'receipts']);
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:receipt';
        static override revokeObjectURL = () => undefined;
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = mockApi(
      signedInAs({ role: 'employer' }),
      invoices([]),
      receipts([receipt]),
      answer(
        'GET',
        `/api/receipts/${RECEIPT_ID}/pdf`,
        (call) =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': `attachment; filename="MIH-R-000003-${call.query.get('language') ?? ''}.pdf"`,
            },
          }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: texts.title })).toBeInTheDocument();
    const section = screen.getByRole('heading', { name: texts.receipts }).closest('section')!;
    expect(await within(section).findByText(texts.purpose)).toBeInTheDocument();
    expect(within(section).getByText('MIH-R-000003')).toBeInTheDocument();
    expect(within(section).getByText('Clinic booking site')).toBeInTheDocument();
    expect(within(section).getByText(texts.reference, { exact: false })).toHaveTextContent('pi_test_91ab');
    fireEvent.click(within(section).getByRole('button', { name: texts.download }));
    await waitFor(() => expect(saved).toEqual([`MIH-R-000003-${texts.language}.pdf`]));
    expect(api.callsTo('GET', '/api/receipts')[0]?.query.get('job_id')).toBeNull();
    await i18n.changeLanguage('en');
  });
});
