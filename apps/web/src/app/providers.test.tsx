import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Tabs, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { i18n, initI18n } from '../i18n/index.ts';
import { Providers } from './providers.tsx';

describe('Providers', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(cleanup);
  afterAll(() => i18n.changeLanguage('en'));

  it('gives every menu, select and tab list the reading direction, and follows a change of language', async () => {
    render(
      <Providers>
        <Tabs defaultValue="one">
          <TabsList aria-label="Sections">
            <TabsTrigger value="one">One</TabsTrigger>
            <TabsTrigger value="two">Two</TabsTrigger>
          </TabsList>
        </Tabs>
      </Providers>,
    );
    expect(screen.getByRole('tablist').closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByRole('tablist').closest('[dir]')?.getAttribute('dir')).toBe('rtl');
  });
});
