import { useTranslation } from '../../i18n/index.ts';
import { Navigate, useSearchParams } from '../../lib/router/index.tsx';
import { useSession } from '../../lib/session.tsx';
import { RegistrationForm } from '../../features/auth/components/registration-form.tsx';
import { IdentityButtons } from '../../features/identity/components/identity-buttons.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignedInTarget, useSignIn } from './use-sign-in.ts';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const { user } = useSession();
  const target = useSignedInTarget();
  const initialRole = searchParams.get('role') === 'employer' ? 'employer' : 'worker';
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')} isWide>
      <title>{t('register.title')}</title>
      <div className="mb-8">
        <IdentityButtons intent="sign_in" />
      </div>
      <RegistrationForm key={initialRole} initialRole={initialRole} onSignedIn={signIn} />
    </AuthLayout>
  );
}
