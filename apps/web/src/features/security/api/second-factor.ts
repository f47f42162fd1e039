import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import type { TotpSetup } from '../../../components/second-factor/totp-setup.tsx';

export interface SecurityStatus {
  totp_enabled: boolean;
  totp_enabled_at: string | null;
  recovery_codes_left: number;
}

const statusKey = ['account-security'] as const;

export const useSecurityStatus = () =>
  useQuery({ queryKey: statusKey, queryFn: () => apiRequest<SecurityStatus>(apiPaths.accountSecurity) });

export const useStartTotp = () => useMutation({ mutationFn: () => apiRequest<TotpSetup>(apiPaths.totp, { method: 'POST' }) });

export function useConfirmTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<{ recovery_codes: string[] }>(apiPaths.totpConfirm, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

export function useDisableTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<null>(apiPaths.totpDisable, { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: statusKey }),
  });
}

/** One live session of the signed-in user, as /settings/security lists it. */
export interface AccountSession {
  id: string;
  browser: string | null;
  system: string | null;
  device_kind: 'desktop' | 'mobile' | 'tablet' | 'tv' | null;
  ip_address: string | null;
  created_at: string;
  last_seen_at: string;
  is_current: boolean;
}

const sessionsKey = ['account-sessions'] as const;

export const useAccountSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: () => apiRequest<{ sessions: AccountSession[] }>(apiPaths.accountSessions) });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(apiPaths.accountSession(id), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>(apiPaths.endOtherSessions, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** The "Secure my account" link of a new device's e-mail: every session ends. */
export const secureAccount = (token: string) => apiRequest<{ message: string }>(apiPaths.secureAccount, { body: { token }, token: null });
