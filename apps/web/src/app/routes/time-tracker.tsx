import { Clock, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useActiveTimer, useTrackableJobs } from '../../features/time/api/time.ts';
import { ManualEntryDialog } from '../../features/time/components/manual-entry-dialog.tsx';
import { TimeEntries } from '../../features/time/components/time-entries.tsx';
import { TimerCard } from '../../features/time/components/timer-card.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** §2 Time tracker: the timer on one of the professional's hourly projects, and their recorded time week by week. */
export default function TimeTrackerPage() {
  const { t } = useTranslation('time');
  const { user } = useSession();
  return (
    <Container className="space-y-6 py-8 sm:py-10">
      <title>{t('title')}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 max-w-3xl text-slate-600">{t('intro')}</p>
      </div>
      {user?.role === 'professional' ? (
        <Tracker />
      ) : (
        <Alert tone="info">
          {t('for_professionals')}{' '}
          <Link to={paths.dashboard} className="font-semibold underline">
            {t('back_to_dashboard')}
          </Link>
        </Alert>
      )}
    </Container>
  );
}

function Tracker() {
  const { t } = useTranslation('time');
  const jobs = useTrackableJobs();
  const active = useActiveTimer();
  const [isAdding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  if (active.isPending || (jobs.isPending && !active.data)) return <Spinner label={t('loading')} className="min-h-[30vh]" />;
  // A running timer can always be stopped, even when the projects could not be read.
  if (active.isError || (jobs.isError && !active.data)) return <Alert tone="error">{t('failed')}</Alert>;
  const trackable = jobs.data ?? [];
  return (
    <>
      {trackable.length === 0 && !active.data ? (
        <div className="rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
          <Clock className="mx-auto size-10 text-slate-400" aria-hidden="true" />
          <p className="mx-auto mt-3 max-w-xl text-slate-600">{t('no_jobs')}</p>
          <Link to={paths.projects()} className="mt-4 inline-block font-semibold text-primary-strong hover:underline">
            {t('find_projects')}
          </Link>
        </div>
      ) : (
        <TimerCard jobs={trackable} active={active.data} />
      )}
      <section className="space-y-4" aria-labelledby="recent-entries">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-entries" className="text-xl font-semibold text-slate-950">
            {t('recent')}
          </h2>
          {trackable.length > 0 && (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
              <Plus className="size-4" aria-hidden="true" />
              {t('manual_entry.button')}
            </Button>
          )}
        </div>
        {notice && <Alert tone="success">{notice}</Alert>}
        <ManualEntryDialog isOpen={isAdding} onClose={() => setAdding(false)} jobs={trackable} onDone={setNotice} />
        <TimeEntries />
      </section>
    </>
  );
}
