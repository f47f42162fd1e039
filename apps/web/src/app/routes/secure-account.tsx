import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { secureAccount } from '../../features/security/api/second-factor.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';
import { Link, useSearchParams } from '../../lib/router/index.tsx';
import { paths } from '../../lib/paths.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * /secure-account?token=…: the "Secure my account" link of a new-device e-mail. Every session of the
 * account ends (this browser's too), and the reader is sent to choose a new password.
 */
export default function SecureAccountPage() {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ status: 'working' } | { status: 'done' | 'failed'; text: string }>({ status: 'working' });
  const { signOut } = useSession();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    secureAccount(token)
      .then((answer) => {
        // This browser's session ended with the others.
        signOut();
        setState({ status: 'done', text: translate(answer.message) ?? answer.message });
      })
      .catch((error: unknown) =>
        setState({ status: 'failed', text: error instanceof ApiError ? (translate(error.message) ?? t('failed')) : t('failed') }),
      );
  }, [token, translate, t, signOut]);

  return (
    <AuthLayout title={t('secure.title')}>
      <title>{t('secure.title')}</title>
      <div className="space-y-4">
        <ShieldAlert aria-hidden className="size-10 text-primary-strong" />
        {state.status === 'working' ? <Spinner label={t('secure.working')} /> : null}
        {state.status === 'done' ? (
          <>
            <Alert tone="success">{state.text}</Alert>
            <Link to={paths.forgotPassword} className="inline-block font-semibold text-primary-strong underline">
              {t('secure.choose_password')}
            </Link>
          </>
        ) : null}
        {state.status === 'failed' ? (
          <>
            <Alert tone="error">{state.text}</Alert>
            <Link to={paths.login} className="inline-block font-semibold text-primary-strong underline">
              {t('secure.sign_in')}
            </Link>
          </>
        ) : null}
      </div>
    </AuthLayout>
  );
}
