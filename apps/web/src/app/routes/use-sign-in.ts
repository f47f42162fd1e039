import type { SessionResponse } from '@mihna/shared';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';

/** Starts the session and goes where the visitor was heading, else to the dashboard. */
export function useSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (session: SessionResponse) => {
    signIn(session.access_token, session.user);
    void navigate(from && from.startsWith('/') ? from : paths.dashboard, { replace: true });
  };
}
