import { CreditCard } from 'lucide-react';
import { FEATURED_DAYS } from '@mihna/shared';
import { useTranslation } from '../../../i18n/index.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { goToCheckout } from '../../../lib/checkout.ts';
import { useServerMessage } from '../../../lib/server-message.ts';
import { useFeaturedPayment } from '../api/featured-payment.ts';

interface FeaturedPaymentDialogProps {
  isOpen: boolean;
  /** The project just posted. */
  jobId: string | null;
  /** The server's featured_payment_message. */
  message: string | null;
  /** The fee, formatted in the project's currency. */
  fee: string | null;
  onSkip: () => void;
}

/** Asks for the featuring fee after posting: Pay Now goes to the card provider's checkout, Skip to the project. */
export function FeaturedPaymentDialog({ isOpen, jobId, message, fee, onSkip }: FeaturedPaymentDialogProps) {
  const { t, i18n } = useTranslation('projects');
  const pay = useFeaturedPayment();
  const serverMessage = useServerMessage();
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
        {pay.isError ? <Alert tone="error">{serverMessage(pay.error, t('featured.failed'))}</Alert> : null}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onSkip}>
          {t('featured.skip')}
        </Button>
        <Button
          disabled={!jobId || pay.isPending}
          onClick={() => jobId && pay.mutate(jobId, { onSuccess: ({ checkout_url }) => goToCheckout(checkout_url, i18n.language) })}
        >
          <CreditCard className="size-4" aria-hidden="true" />
          {t('featured.pay_now')}
        </Button>
      </div>
    </Dialog>
  );
}
