import clsx from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Container } from '../../../components/ui/container.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { paths } from '../../../lib/paths.ts';

/** 'Expert Not Found' / 'Employer Not Found', with a retry when the failure was not a missing profile. */
export function ProfileNotFound({ title, onRetry }: { title: string; onRetry?: () => void }) {
  const { t } = useTranslation('professionals');
  return (
    <Container className="py-20 text-center">
      <title>{title}</title>
      <h1 className="text-2xl font-bold text-slate-950">{title}</h1>
      <p className="mt-2 text-slate-600">{t('profile.not_found_text')}</p>
      <div className="mt-6 flex justify-center gap-3">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t('results.retry')}
          </Button>
        ) : null}
        <Button asChild>
          <Link to={paths.professionals}>{t('profile.browse_professionals')}</Link>
        </Button>
      </div>
    </Container>
  );
}

export function StatCard({
  label,
  value,
  children,
  className,
}: {
  label: string;
  value: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200', className)}>
      <dt className="order-2 mt-1 text-sm font-medium text-slate-600">{label}</dt>
      <dd className="order-1 text-xl font-bold text-slate-950 sm:text-2xl">{value}</dd>
      {children ? <dd className="order-3 mt-2 text-xs text-slate-600">{children}</dd> : null}
    </div>
  );
}

export function EmptyState({ title, text }: { title: string; text?: string }) {
  return (
    <div className="rounded-2xl bg-white px-6 py-12 text-center ring-1 ring-slate-200">
      <h3 className="text-base font-semibold text-slate-950">{title}</h3>
      {text ? <p className="mt-2 text-sm text-slate-600">{text}</p> : null}
    </div>
  );
}

/** A horizontal bar for a share between 0 and 1, drawn from the start side (right in Arabic). */
export function ShareBar({ share, colour = 'bg-primary' }: { share: number; colour?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
      <div className={`h-full rounded-full ${colour}`} style={{ inlineSize: `${percent}%` }} />
    </div>
  );
}

/** A profile's tabs, the first open at the start. */
export function ProfileTabs({ tabs }: { tabs: { value: string; label: string; content: ReactNode }[] }) {
  const { t } = useTranslation('professionals');
  return (
    <Tabs defaultValue={tabs[0]?.value}>
      <TabsList aria-label={t('tabs.label')}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab.value} value={tab.value}>
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent key={tab.value} value={tab.value} className="mt-6 focus-visible:outline-2 focus-visible:outline-primary">
          {tab.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}

/** A finished project's facts (completion date, category, value…) as a labelled grid; nothing when there are none. */
export function DetailList({ details }: { details: readonly { label: string; value: ReactNode }[] }) {
  if (details.length === 0) return null;
  return (
    <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
      {details.map((detail) => (
        <div key={detail.label}>
          <dt className="text-xs font-medium text-slate-500">{detail.label}</dt>
          <dd className="font-medium text-slate-900">{detail.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Names with their number of projects, each with a bar for its share (of the largest, or of all). */
export function ProjectShares({ entries }: { entries: readonly { id: string; name: string; projects: number; share: number }[] }) {
  const { t } = useTranslation('professionals');
  return (
    <ul className="mt-4 space-y-4">
      {entries.map((entry) => (
        <li key={entry.id}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-medium text-slate-700">{entry.name}</span>
            <span className="text-slate-600">{t('projects_count', { count: entry.projects })}</span>
          </div>
          <div className="mt-1.5">
            <ShareBar share={entry.share} />
          </div>
        </li>
      ))}
    </ul>
  );
}
