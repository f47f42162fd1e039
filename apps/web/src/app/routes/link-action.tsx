import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useRefusal } from '../../components/second-factor/totp-setup.tsx';
import { Link, useSearchParams } from '../../lib/router/index.tsx';
import { paths } from '../../lib/paths.ts';
import { useValidationMessage } from '../../lib/validation-message.ts';
import { AuthLayout } from './auth-layout.tsx';

/**
 * A page an e-mail's protective link opens (?token=…): it acts once its reader confirms (never on
 * arriving, which a mail scanner opening links would do), says what it did in the server's words, and
 * points to choosing a new password; a spent or expired link points to sign-in.
 */
export function LinkActionPage({
  title,
  explanation,
  confirmLabel,
  working,
  act,
  onDone,
}: {
  title: string;
  explanation: string;
  confirmLabel: string;
  working: string;
  act: (token: string) => Promise<{ message: string }>;
  onDone?: () => void;
}) {
  const { t } = useTranslation('security');
  const translate = useValidationMessage();
  const refusal = useRefusal();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [state, setState] = useState<{ status: 'asking' | 'working' } | { status: 'done' | 'failed'; text: string }>({ status: 'asking' });

  const confirm = () => {
    setState({ status: 'working' });
    act(token)
      .then((answer) => {
        onDone?.();
        setState({ status: 'done', text: translate(answer.message) ?? answer.message });
      })
      .catch((error: unknown) => setState({ status: 'failed', text: refusal(error) }));
  };

  return (
    <AuthLayout title={title}>
      <title>{title}</title>
      <div className="space-y-4">
        <ShieldAlert aria-hidden className="size-10 text-primary-strong" />
        {state.status === 'asking' ? (
          <>
            <p className="text-slate-700">{explanation}</p>
            <Button variant="danger" className="w-full" onClick={confirm}>
              {confirmLabel}
            </Button>
          </>
        ) : null}
        {state.status === 'working' ? <Spinner label={working} /> : null}
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
