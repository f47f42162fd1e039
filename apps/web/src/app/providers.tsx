import { DirectionProvider } from '@radix-ui/react-direction';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import { BrandTheme } from '../features/settings/brand-theme.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionProvider } from '../lib/session.tsx';

/** App-wide context; Radix menus, selects and tabs follow the language's direction (Arabic: right to left). */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionProvider dir={i18n.dir()}>
        <SessionProvider>
          <BrandTheme />
          {children}
        </SessionProvider>
      </DirectionProvider>
    </QueryClientProvider>
  );
}
