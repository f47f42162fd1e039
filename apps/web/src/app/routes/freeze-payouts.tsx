import { useTranslation } from '../../i18n/index.ts';
import { freezePayouts } from '../../features/payments/api/earnings.ts';
import { LinkActionPage } from './link-action.tsx';

/** /freeze-payouts?token=…: the link of a new payout method's e-mail removes it and freezes payouts until a password reset. */
export default function FreezePayoutsPage() {
  const { t } = useTranslation('security');
  return (
    <LinkActionPage
      title={t('freeze.title')}
      explanation={t('freeze.explanation')}
      confirmLabel={t('freeze.confirm')}
      working={t('freeze.working')}
      act={freezePayouts}
    />
  );
}
