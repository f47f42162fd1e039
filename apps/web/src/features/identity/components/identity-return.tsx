import type { IdentityTicketResponse, SessionResponse } from '@mihna/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/index.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useRefusal } from '../../../components/second-factor/totp-setup.tsx';
import { Link } from '../../../lib/router/index.tsx';
import { paths } from '../../../lib/paths.ts';
import { redeemTicket } from '../api/identity.ts';
import { IdentitySignupForm } from './identity-signup-form.tsx';

/** Why a sign-in with a national identity came back without one, as the server names it in the fragment. */
export const identityErrors = ['expired', 'failed', 'cancelled', 'unavailable', 'taken', 'already_linked'] as const;
export const identityErrorOf = (value: string | null) =>
  identityErrors.find((each) => each === value) ?? (value === null ? undefined : ('failed' as const));

type State =
  | { step: 'working' }
  | { step: 'error'; text: string }
  | { step: 'signup'; ticket: string; identity: Extract<IdentityTicketResponse, { status: 'signup' }> };

/**
 * Where the provider's sign-in lands (/identity/return#ticket=… or #error=…): the ticket opens a
 * session, or, for a person without an account, the form that creates one. The fragment is read once
 * and taken off the address, so that neither a reload nor the history replays it.
 */
export function IdentityReturn({ onSignedIn }: { onSignedIn: (session: SessionResponse) => void }) {
  const { t } = useTranslation('auth');
  const refusal = useRefusal();
  const [state, setState] = useState<State>({ step: 'working' });
  const isRead = useRef(false);

  useEffect(() => {
    if (isRead.current) return;
    isRead.current = true;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    window.history.replaceState(window.history.state, '', window.location.pathname);
    const ticket = fragment.get('ticket');
    if (!ticket) {
      setState({ step: 'error', text: t(`identity.errors.${identityErrorOf(fragment.get('error')) ?? 'expired'}`) });
      return;
    }
    redeemTicket(ticket).then(
      (answer) => (answer.status === 'signed_in' ? onSignedIn(answer) : setState({ step: 'signup', ticket, identity: answer })),
      (failure: unknown) => setState({ step: 'error', text: refusal(failure) }),
    );
  }, [onSignedIn, refusal, t]);

  if (state.step === 'working') return <Spinner label={t('identity.working')} />;
  if (state.step === 'signup') return <IdentitySignupForm ticket={state.ticket} identity={state.identity} onSignedIn={onSignedIn} />;
  return (
    <div className="space-y-4">
      <Alert tone="error">{state.text}</Alert>
      <Link to={paths.login} className="font-semibold text-primary-strong hover:underline">
        {t('identity.back_to_login')}
      </Link>
    </div>
  );
}
