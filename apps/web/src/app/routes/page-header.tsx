import type { ReactNode } from 'react';
import { Container } from '../../components/ui/container.tsx';

/** The title band at the top of the static pages. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <Container className="py-12 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-3 max-w-2xl text-lg text-slate-600">{subtitle}</p> : null}
        {children}
      </Container>
    </div>
  );
}
