import { useTranslation } from '../../../i18n/index.ts';
import { TimeEntries } from './time-entries.tsx';

/** An hourly project's recorded time on its payment page, week by week, for both parties. */
export function JobTime({ jobId }: { jobId: string }) {
  const { t } = useTranslation('time');
  return (
    <section className="space-y-4" aria-labelledby="job-time">
      <div>
        <h2 id="job-time" className="text-xl font-semibold text-slate-950">
          {t('job_time.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('job_time.text')}</p>
      </div>
      <TimeEntries jobId={jobId} />
    </section>
  );
}
