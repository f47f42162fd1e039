import { CreditCard } from 'lucide-react';
import { FEATURED_DAYS } from '@mihna/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface FeaturedPaymentDialogProps {
  isOpen: boolean;
  /** The server's featured_payment_message. */
  message: string | null;
  /** The fee, formatted in the project's currency. */
  fee: string | null;
  onSkip: () => void;
}

/** Asks for the featuring fee after posting. Card payments arrive later: Pay Now says so rather than pretend. */
export function FeaturedPaymentDialog({ isOpen, message, fee, onSkip }: FeaturedPaymentDialogProps) {
  const { t, i18n } = useTranslation('projects');
  // The server writes its message in English, with the amount in it; other languages say the same in their words.
  const text = message && i18n.language === 'en' ? message : t('featured.text', { days: FEATURED_DAYS });
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && onSkip()} title={t('featured.title')} closeLabel={t('close')}>
      <div className="space-y-4 text-sm text-slate-700">
        <p>{text}</p>
        {fee ? (
          <p className="flex items-center justify-between rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200">
            <span>{t('featured.fee')}</span>
            <span className="text-base font-bold text-slate-950">{fee}</span>
          </p>
        ) : null}
        <p id="pay-now-unavailable" className="text-slate-500">
          {t('featured.pay_unavailable')}
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onSkip}>
          {t('featured.skip')}
        </Button>
        <Button disabled aria-describedby="pay-now-unavailable">
          <CreditCard className="size-4" aria-hidden="true" />
          {t('featured.pay_now')}
        </Button>
      </div>
    </Dialog>
  );
}
