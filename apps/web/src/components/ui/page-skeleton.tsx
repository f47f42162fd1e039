import { useTranslation } from '../../i18n/index.ts';
import { Container } from './container.tsx';

const block = 'animate-pulse rounded-lg bg-slate-200/80';

/** The shape of a page while its code or data loads: never a blank screen. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <Container className="space-y-6 py-10" aria-busy="true">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      <div className={`${block} h-8 w-2/3 max-w-md`} />
      <div className={`${block} h-4 w-full max-w-2xl`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={`${block} h-40`} />
        <div className={`${block} h-40`} />
      </div>
      <div className={`${block} h-24`} />
    </Container>
  );
}
