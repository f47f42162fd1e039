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
