import clsx from 'clsx';
import { ChevronDown, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Link } from '../../lib/router/index.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/container.tsx';
import { useContactDetails } from '../../lib/site-settings.ts';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from './page-header.tsx';

const categories = [
  'getting_started',
  'for_professionals',
  'for_employers',
  'payments_security',
  'uae_features',
  'troubleshooting',
] as const;
type Category = (typeof categories)[number];

export default function HelpPage() {
  const { t } = useTranslation(['help', 'common']);
  const { supportEmail } = useContactDetails();
  const [active, setActive] = useState<Category>('getting_started');
  const items = t(`categories.${active}.items`, { returnObjects: true }) as { q: string; a: string }[];

  return (
    <>
      <title>{t('title')}</title>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <p className="mt-4 inline-flex rounded-xl bg-primary/10 px-4 py-2 text-sm font-medium text-primary-strong">
          {t('industries_note')}
        </p>
      </PageHeader>
      <Container className="grid gap-8 py-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-label={t('common:help.categories_label')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <p className="mb-3 hidden text-sm text-slate-500 lg:block">{t('search_hint')}</p>
          <ul className="flex gap-2 lg:flex-col">
            {categories.map((category) => (
              <li key={category} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setActive(category)}
                  aria-current={active === category ? 'true' : undefined}
                  className={clsx(
                    'w-full rounded-lg px-4 py-2.5 text-start text-sm font-medium whitespace-nowrap transition-colors',
                    active === category
                      ? 'bg-primary-strong text-white'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
                  )}
                >
                  {t(`categories.${category}.title`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-8">
          <section aria-labelledby="category-title">
            <h2 id="category-title" className="text-2xl font-bold text-slate-950">
              {t(`categories.${active}.title`)}
            </h2>
            <div className="mt-5 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
              {items.map((item) => (
                <details key={item.q} className="group px-5 py-4">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium text-slate-950">
                    {item.q}
                    <ChevronDown className="size-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden="true" />
                  </summary>
                  <p className="mt-3 leading-7 text-slate-600">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
          <section className="flex flex-col gap-5 rounded-2xl bg-slate-900 p-6 text-white sm:flex-row sm:items-center sm:p-8">
            <LifeBuoy className="size-10 shrink-0 text-primary" aria-hidden="true" />
            <div className="flex-1">
              <h2 className="text-xl font-semibold">{t('still_need_help.title')}</h2>
              <p className="mt-2 text-slate-300">{t('still_need_help.text')}</p>
            </div>
            <div className="flex flex-col gap-2 sm:items-end">
              <Button asChild>
                <Link to={paths.contact}>{t('still_need_help.contact_cta')}</Link>
              </Button>
              <a href={`mailto:${supportEmail}`} className="text-sm text-slate-300 underline-offset-4 hover:text-white hover:underline">
                {t('still_need_help.email_cta')}
              </a>
            </div>
          </section>
        </div>
      </Container>
    </>
  );
}
