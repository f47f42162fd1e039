import { useTranslation } from '../../i18n/index.ts';
import { secureAccount } from '../../features/security/api/second-factor.ts';
import { useSession } from '../../lib/session.tsx';
import { LinkActionPage } from './link-action.tsx';

/** /secure-account?token=…: the "Secure my account" link of a new-device e-mail ends every session, this browser's too. */
export default function SecureAccountPage() {
  const { t } = useTranslation('security');
  const { signOut } = useSession();
  return (
    <LinkActionPage
      title={t('secure.title')}
      explanation={t('secure.explanation')}
      confirmLabel={t('secure.confirm')}
      working={t('secure.working')}
      act={secureAccount}
      onDone={signOut}
    />
  );
}
