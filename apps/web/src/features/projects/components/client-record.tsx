import type { JobDetail } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { formatNumber, languageOf } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { RatingLine } from './job-badges.tsx';

/** What a professional weighs before proposing: who the client is, how long they have been here, what they did. */
export function ClientRecord({ job }: { job: JobDetail }) {
  const { t, i18n } = useTranslation('projects');
  const language = languageOf(i18n.language);
  const client = job.employer_info;
  const since = new Intl.DateTimeFormat(`${language}-u-nu-latn`, { month: 'long', year: 'numeric' }).format(new Date(client.member_since));
  const facts = [
    { label: t('client.member_since'), value: since },
    { label: t('client.projects_posted'), value: formatNumber(client.projects_posted, language) },
    { label: t('client.hires_made'), value: formatNumber(client.hires_made, language) },
  ];
  return (
    <section
      className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="client-title"
      data-testid="client-record"
    >
      <h2 id="client-title" className="text-lg font-semibold text-slate-950">
        {t('client.title')}
      </h2>
      <Link to={paths.employer(client.id)} className="block font-semibold text-primary-strong hover:underline">
        {client.company ?? client.name}
      </Link>
      {client.total_reviews > 0 ? (
        <RatingLine rating={client.rating} reviews={client.total_reviews} className="text-slate-700" />
      ) : (
        <p className="text-sm text-slate-500">{t('client.no_reviews')}</p>
      )}
      <dl className="space-y-2 text-sm">
        {facts.map((fact) => (
          <div key={fact.label} className="flex justify-between gap-4">
            <dt className="text-slate-500">{fact.label}</dt>
            <dd className="font-semibold text-slate-900">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
