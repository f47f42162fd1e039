import { Link } from '../../lib/router/index.tsx';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/** The dark closing band of the static pages: a title, a line, the buttons to act on (the first one primary). */
export function CallToAction({
  title,
  text,
  actions,
  children,
}: {
  title: string;
  text: string;
  actions: { label: string; to: string }[];
  children?: ReactNode;
}) {
  return (
    <section className="rounded-3xl bg-slate-900 px-6 py-12 text-center text-white sm:px-12">
      <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-300">{text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {actions.map((action, index) => (
          <Button key={action.to} asChild size="lg" variant={index === 0 ? 'primary' : 'inverse'}>
            <Link to={action.to}>{action.label}</Link>
          </Button>
        ))}
      </div>
      {children}
    </section>
  );
}
