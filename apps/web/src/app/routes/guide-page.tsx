import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Container } from '../../components/ui/container.tsx';
import { paths } from '../../lib/paths.ts';
import { CallToAction } from './call-to-action.tsx';
import { PageHeader } from './page-header.tsx';

interface Step {
  title: string;
  text: string;
}

interface Part {
  title: string;
  steps: Step[];
}

interface Action {
  label: string;
  to: string;
}

/**
 * A guide written for Mihna (How It Works, For Employers): numbered steps in parts, a list of points,
 * and the calls to action. Its words come from its own translation namespace.
 */
export function GuidePage({ namespace, actions }: { namespace: string; actions: (t: (key: string) => string) => Action[] }) {
  const { t } = useTranslation(namespace);
  const parts = t('parts', { returnObjects: true }) as Part[];
  const points = t('points.items', { returnObjects: true }) as Step[];
  return (
    <>
      <title>{t('title')}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Container className="space-y-14 py-12 sm:py-14">
        {parts.map((part) => (
          <section key={part.title} aria-label={part.title}>
            <h2 className="text-2xl font-bold text-slate-950">{part.title}</h2>
            <ol className="mt-6 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
              {part.steps.map((step, index) => (
                <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-sm font-bold text-primary-strong">
                    {index + 1}
                  </span>
                  <h3 className="mt-4 font-semibold text-slate-950">{step.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{step.text}</p>
                </li>
              ))}
            </ol>
          </section>
        ))}
        <section aria-labelledby="points-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10">
          <h2 id="points-title" className="text-2xl font-bold text-slate-950">
            {t('points.title')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {points.map((point) => (
              <li key={point.title} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-secondary-strong" aria-hidden="true" />
                <div>
                  <h3 className="font-semibold text-slate-950">{point.title}</h3>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{point.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <CallToAction title={t('cta.title')} text={t('cta.text')} actions={actions(t)}>
          <p className="mt-6 text-sm text-slate-400">
            {t('cta.help')}{' '}
            <Link to={paths.help} className="font-semibold text-white underline">
              {t('cta.help_link')}
            </Link>
          </p>
        </CallToAction>
      </Container>
    </>
  );
}
