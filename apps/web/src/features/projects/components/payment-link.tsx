import { hiredJobStatuses, type JobDetail } from '@mihna/shared';
import { Wallet } from 'lucide-react';
import { useTranslation } from '../../../i18n/index.ts';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';

/** Shown to the two parties of a hire: the way to the project's escrow, milestones and releases. */
export function PaymentLink({ job }: { job: JobDetail }) {
  const { t } = useTranslation('payments');
  const isHired = job.viewer.proposal?.status === 'accepted';
  const isOwnerOfHire = job.viewer.is_owner && hiredJobStatuses.includes(job.status);
  if (!isHired && !isOwnerOfHire) return null;
  return (
    <section className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex gap-3">
        <Wallet className="size-6 shrink-0 text-primary-strong" aria-hidden="true" />
        <div>
          <h2 className="font-bold text-slate-950">{t('link.title')}</h2>
          <p className="text-sm text-slate-600">{t('link.text')}</p>
        </div>
      </div>
      <Link
        to={paths.projectPayment(job.id)}
        className="inline-flex h-11 items-center rounded-lg bg-primary-strong px-5 text-sm font-semibold text-white hover:bg-primary-strong/90"
      >
        {t('link.button')}
      </Link>
    </section>
  );
}
