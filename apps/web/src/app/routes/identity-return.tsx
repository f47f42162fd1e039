import { useTranslation } from '../../i18n/index.ts';
import { IdentityReturn } from '../../features/identity/components/identity-return.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignIn } from './use-sign-in.ts';

/** /identity/return: back from UAE PASS or Nafath, signing in or creating the account. */
export default function IdentityReturnPage() {
  const { t } = useTranslation('auth');
  const signIn = useSignIn();
  return (
    <AuthLayout title={t('identity.title')}>
      <title>{t('identity.title')}</title>
      <IdentityReturn onSignedIn={signIn} />
    </AuthLayout>
  );
}
