import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RegistrationForm } from '../../features/auth/components/registration-form.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignIn } from './use-sign-in.ts';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const initialRole = searchParams.get('role') === 'employer' ? 'employer' : 'worker';
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} isWide>
      <title>{t('register.title')}</title>
      <RegistrationForm key={initialRole} initialRole={initialRole} onSignedIn={signIn} />
    </AuthLayout>
  );
}
