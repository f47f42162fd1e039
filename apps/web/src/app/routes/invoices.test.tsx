import type { TaxInvoice } from '@mihna/shared';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, jsonResponse, loadTranslations, mockApi, renderRoutes, signedInAs } from '../../features/projects/testing.tsx';
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
    mockApi(signedInAs({ role: 'employer' }), invoices([]));
    renderPage();
    expect(await screen.findByText(/Mihna charges employers only for featuring a project/)).toBeTruthy();
  });
});
