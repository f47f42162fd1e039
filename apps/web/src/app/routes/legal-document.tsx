import { useTranslation } from '../../i18n/index.ts';
import { Container } from '../../components/ui/container.tsx';
import { PageHeader } from './page-header.tsx';

interface Section {
  id: string;
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

/** Privacy and Terms: numbered sections with a table of contents. */
export function LegalDocument({ namespace }: { namespace: 'privacy' | 'terms' }) {
  const { t } = useTranslation([namespace, 'common']);
  const sections = t('sections', { returnObjects: true }) as Section[];

  return (
    <>
      <title>{t('title')}</title>
      <PageHeader title={t('title')}>
        <p className="mt-3 text-sm text-slate-500">{t('last_updated')}</p>
      </PageHeader>
      <Container className="grid gap-10 py-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="contents-title" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="contents-title" className="text-sm font-semibold text-slate-950">
            {t('common:legal.contents')}
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-600 hover:text-primary">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl space-y-10 leading-7 text-slate-700">
          <p className="text-lg">{t('intro')}</p>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="scroll-mt-24">
              <h2 className="text-xl font-semibold text-slate-950">
                {index + 1}. {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-3">
                  {paragraph}
                </p>
              ))}
              {section.bullets ? (
                <ul className="mt-3 list-disc space-y-2 ps-6">
                  {section.bullets.map((bullet) => (
                    <li key={bullet}>{bullet}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <p className="border-t border-slate-200 pt-6 text-sm">{t('contact')}</p>
        </article>
      </Container>
    </>
  );
}
