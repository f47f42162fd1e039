import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { DocumentDescription } from './document-description.tsx';

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

describe('DocumentDescription', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('describes the page in its language, and again when the reader switches language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DocumentDescription />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(description()).toBe(
        'The Gulf marketplace for hourly and fixed-price professional work: verified professionals, escrow-protected payments, in Arabic and English.',
      ),
    );
    await act(() => i18n.changeLanguage('ar'));
    expect(description()).toBe(
      'منصة الخليج للعمل المهني بالساعة أو بسعر ثابت: محترفون موثّقون، ومدفوعات محمية بحساب الضمان، بالعربية والإنجليزية.',
    );
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
