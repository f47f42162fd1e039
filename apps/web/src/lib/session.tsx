import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { ApiError, apiRequest, sessionToken } from './api-client.ts';
import { apiPaths } from './paths.ts';

export interface SessionUser {
  id: string;
  first_name: string;
  last_name: string;
  role: string;
  emirate?: string | null;
  city?: string | null;
}

interface Session {
  user: SessionUser | null;
  isLoading: boolean;
  /** The session could not be checked (network or server trouble); the token is kept for a retry. */
  isUnverified: boolean;
  retry: () => void;
  signIn: (token: string) => void;
  signOut: () => void;
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

  const signIn = useCallback((newToken: string) => {
    sessionToken.write(newToken);
    setToken(newToken);
  }, []);

  const signOut = useCallback(() => {
    sessionToken.clear();
    setToken(null);
    queryClient.removeQueries({ queryKey: ['session'] });
  }, [queryClient]);

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
    }),
    [token, me.data, me.isPending, me.isError, retry, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
