import { useTranslation } from '../../i18n/index.ts';
import { Navigate } from '../../lib/router/index.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { IdentityButtons } from '../../features/identity/components/identity-buttons.tsx';
import { useReturnPath } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session.tsx';
import { AuthLayout } from './auth-layout.tsx';
import { useSignedInTarget, useSignIn } from './use-sign-in.ts';

/** Why the visitor was sent here: a project page needs an account, and so does every other protected page. */
function useReason() {
  const { t } = useTranslation('auth');
  const from = useReturnPath();
  if (!from) return null;
  return /^\/projects\/[^/]+/.test(from) ? t('login.reason_project') : t('login.reason_page');
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { user } = useSession();
  const signIn = useSignIn();
  const target = useSignedInTarget();
  const reason = useReason();
  // Also after signing in here: the page the visitor was heading to, not the dashboard.
  if (user) return <Navigate to={target} replace />;
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <title>{t('login.title')}</title>
      {reason ? (
        <Alert tone="info" className="mb-6">
          {reason}
        </Alert>
      ) : null}
      <LoginForm onSignedIn={signIn} />
      <div className="mt-5">
        <IdentityButtons intent="sign_in" divider={t('login.or')} />
      </div>
    </AuthLayout>
  );
}
