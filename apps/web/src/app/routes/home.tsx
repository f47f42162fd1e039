import { industries } from '@mihna/shared';
import { BadgeCheck, Clock, Globe2, Lock, MapPin, ShieldCheck, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useSettingText, useSiteSettings } from '../../lib/site-settings.ts';
import { formatNumber, languageOf } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';

// The specification fixes these figures on the home page.
const counters = [
  { key: 'professionals', value: 1247 },
  { key: 'projects', value: 3892 },
  { key: 'clients', value: 5634 },
] as const;

const features: { key: string; icon: LucideIcon }[] = [
  { key: 'escrow', icon: ShieldCheck },
  { key: 'verified', icon: BadgeCheck },
  { key: 'time', icon: Clock },
  { key: 'local', icon: Globe2 },
  { key: 'nearby', icon: MapPin },
  { key: 'secure', icon: Lock },
];

type Step = { title: string; text: string };

function Hero() {
  const { t, i18n } = useTranslation();
  const title = useSettingText('hero_title');
  const subtitle = useSettingText('hero_subtitle');
  const { hero_background_image } = useSiteSettings();
  const language = languageOf(i18n.language);

  return (
    <section
      className="relative overflow-hidden bg-gradient-to-b from-primary/10 via-white to-slate-50 bg-cover bg-center"
      style={hero_background_image ? { backgroundImage: `url(${JSON.stringify(hero_background_image)})` } : undefined}
    >
      <Container className="py-16 sm:py-24">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold text-primary-strong">{t('home.eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-950 sm:text-6xl">{title}</h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">{subtitle}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.professionals}>{t('home.find_professionals')}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.projects()}>{t('home.find_projects')}</Link>
            </Button>
          </div>
        </div>
        <dl aria-label={t('home.counters_label')} className="mx-auto mt-14 grid max-w-3xl grid-cols-3 gap-3 sm:gap-6">
          {counters.map((counter) => (
            <div key={counter.key} className="flex flex-col rounded-2xl bg-white px-3 py-5 text-center shadow-sm ring-1 ring-slate-200">
              <dt className="order-2 mt-1 text-xs text-slate-600 sm:text-sm">{t(`home.counters.${counter.key}`)}</dt>
              <dd className="order-1 text-2xl font-bold text-slate-950 sm:text-4xl">
                {formatNumber(counter.value, language, { country: 'AE' })}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}

function Features() {
  const { t } = useTranslation();
  return (
    <section className="py-16 sm:py-20" aria-labelledby="features-title">
      <Container>
        <div className="max-w-2xl">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-950">
            {t('home.features_title')}
          </h2>
          <p className="mt-3 text-slate-600">{t('home.features_subtitle')}</p>
        </div>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-950">{t(`home.features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{t(`home.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="bg-white py-16 sm:py-20" aria-labelledby="how-title">
      <Container>
        <h2 id="how-title" className="text-3xl font-bold tracking-tight text-slate-950">
          {t('home.how_title')}
        </h2>
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          {(['employers', 'professionals'] as const).map((side) => (
            <div key={side}>
              <h3 className="text-lg font-semibold text-slate-950">{t(`home.how.${side}.title`)}</h3>
              <ol className="mt-5 space-y-5">
                {(t(`home.how.${side}.steps`, { returnObjects: true }) as Step[]).map((step, index) => (
                  <li key={step.title} className="flex gap-4">
                    <span
                      className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${side === 'employers' ? 'bg-primary-strong' : 'bg-secondary-strong'}`}
                    >
                      {index + 1}
                    </span>
                    <div>
                      <p className="font-medium text-slate-950">{step.title}</p>
                      <p className="mt-1 text-sm leading-6 text-slate-600">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </Container>
    </section>
  );
}

function Industries() {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  return (
    <section className="py-16 sm:py-20" aria-labelledby="industries-title">
      <Container>
        <h2 id="industries-title" className="text-3xl font-bold tracking-tight text-slate-950">
          {t('home.industries_title')}
        </h2>
        <p className="mt-3 text-slate-600">{t('home.industries_subtitle')}</p>
        <ul className="mt-8 flex flex-wrap gap-2">
          {industries.map((industry) => (
            <li key={industry.id} className="rounded-full bg-white px-4 py-2 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
              {industry.name[language]}
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function CallToAction() {
  const { t } = useTranslation();
  return (
    <section className="pb-20">
      <Container>
        <div className="rounded-3xl bg-primary-strong px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">{t('home.cta_title')}</h2>
          <p className="mx-auto mt-3 max-w-xl text-white/90">{t('home.cta_text')}</p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <Button asChild size="lg" variant="inverse">
              <Link to={paths.register('professional')}>{t('home.cta_professional')}</Link>
            </Button>
            <Button asChild size="lg" className="bg-white/15 ring-1 ring-inset ring-white/40 hover:bg-white/25">
              <Link to={paths.register('employer')}>{t('home.cta_employer')}</Link>
            </Button>
          </div>
        </div>
      </Container>
    </section>
  );
}

export default function HomePage() {
  const name = useSettingText('site_name');
  const slogan = useSettingText('site_slogan');
  return (
    <>
      <title>{`${name} — ${slogan}`}</title>
      <Hero />
      <Features />
      <HowItWorks />
      <Industries />
      <CallToAction />
    </>
  );
}
