import { Clock, Globe2, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Container } from '../../components/ui/container.tsx';
import { paths } from '../../lib/paths.ts';
import { CallToAction } from './call-to-action.tsx';
import { PageHeader } from './page-header.tsx';

const benefitIcons = [ShieldCheck, Clock, Globe2];

export default function AboutPage() {
  const { t } = useTranslation('about');
  const benefits = t('benefits', { returnObjects: true }) as { title: string; text: string }[];
  const story = t('story.paragraphs', { returnObjects: true }) as string[];

  return (
    <>
      <title>{t('title')}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Container className="space-y-16 py-14">
        <section className="grid gap-8 lg:grid-cols-2">
          <div>
            <h2 className="text-2xl font-bold text-slate-950">{t('mission.title')}</h2>
            <p className="mt-4 text-lg leading-8 text-slate-700">{t('mission.text')}</p>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-slate-950">{t('story.title')}</h2>
            {story.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </div>
        </section>
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="text-2xl font-bold text-slate-950">
            {t('benefits_title')}
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {benefits.map((benefit, index) => {
              const Icon = benefitIcons[index] ?? ShieldCheck;
              return (
                <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <Icon className="size-7 text-primary-strong" aria-hidden="true" />
                  <h3 className="mt-4 font-semibold text-slate-950">{benefit.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </section>
        <CallToAction
          title={t('cta.title')}
          text={t('cta.text')}
          actions={[
            { label: t('cta.join_professional'), to: paths.register('professional') },
            { label: t('cta.join_employer'), to: paths.register('employer') },
          ]}
        />
      </Container>
    </>
  );
}
