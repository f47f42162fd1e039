import type { SessionResponse } from '@mihna/shared';
import { useNavigate } from '../../lib/router/index.tsx';
import { paths } from '../../lib/paths.ts';
import { useReturnPath } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session.tsx';

/** Where a signed-in visitor belongs now: the page they were heading to, else the dashboard. */
export const useSignedInTarget = () => useReturnPath() ?? paths.dashboard;

/** Starts the session and goes where the visitor was heading, else to the dashboard. */
export function useSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const target = useSignedInTarget();
  return (session: SessionResponse) => {
    signIn(session.access_token, session.user);
    void navigate(target, { replace: true });
  };
}
