import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignIn } from './use-sign-in.ts';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const signIn = useSignIn();
  if (user) return <Navigate to={paths.dashboard} replace />;
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <title>{t('login.title')}</title>
      <LoginForm onSignedIn={signIn} />
    </AuthLayout>
  );
}
