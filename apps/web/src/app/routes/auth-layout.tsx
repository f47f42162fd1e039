import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';

/** The narrow card the login, registration and password pages share. */
export function AuthLayout({
  title,
  subtitle,
  children,
  isWide = false,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  isWide?: boolean;
}) {
  return (
    <Container className="py-10 sm:py-16">
      <div className={`mx-auto rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 ${isWide ? 'max-w-2xl' : 'max-w-md'}`}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </Container>
  );
}
