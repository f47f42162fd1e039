import type { CurrentUser } from '@mihna/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError, apiRequest, sessionToken } from './api-client.ts';
import { apiPaths } from './paths.ts';

export type SessionUser = CurrentUser;

interface Session {
  user: SessionUser | null;
  isLoading: boolean;
  /** The session could not be checked (network or server trouble); the token is kept for a retry. */
  isUnverified: boolean;
  retry: () => void;
  /** Starts a session from a login or registration answer. */
  signIn: (token: string, user: SessionUser) => void;
  signOut: () => void;
  /** Replaces the signed-in user after they changed their profile. */
  updateUser: (user: SessionUser) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The session is a token in local storage; the current user is loaded from it. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState(() => sessionToken.read());

  const me = useQuery({
    queryKey: ['session', token],
    enabled: token !== null,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<SessionUser>(apiPaths.me, { signal });
      } catch (error) {
        // Only a token the server refuses ends the session; throttling, network or server trouble keep it.
        if (error instanceof ApiError && error.status === 401) {
          sessionToken.clear();
          setToken(null);
          return null;
        }
        throw error;
      }
    },
  });

  const signIn = useCallback(
    (newToken: string, user: SessionUser) => {
      queryClient.setQueryData(['session', newToken], user);
      sessionToken.write(newToken);
      setToken(newToken);
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    // The server forgets the token; the browser forgets it even if that call fails.
    void apiRequest(apiPaths.logout, { method: 'POST', body: {} }).catch(() => undefined);
    sessionToken.clear();
    setToken(null);
    queryClient.removeQueries({ queryKey: ['session'] });
  }, [queryClient]);

  const updateUser = useCallback((user: SessionUser) => queryClient.setQueryData(['session', token], user), [queryClient, token]);

  const { refetch } = me;
  const retry = useCallback(() => void refetch(), [refetch]);
  const value = useMemo<Session>(
    () => ({
      user: token ? (me.data ?? null) : null,
      isLoading: token !== null && me.isPending,
      isUnverified: token !== null && me.isError,
      retry,
      signIn,
      signOut,
      updateUser,
    }),
    [token, me.data, me.isPending, me.isError, retry, signIn, signOut, updateUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
