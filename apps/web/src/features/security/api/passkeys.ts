import type { Passkey } from '@mihna/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { createPasskey, type CreationCeremony } from '../../../components/second-factor/passkeys.ts';

const passkeysKey = ['account-passkeys'] as const;

export const usePasskeys = () => useQuery({ queryKey: passkeysKey, queryFn: () => apiRequest<{ passkeys: Passkey[] }>(apiPaths.passkeys) });

/**
 * Adds a passkey: the server's registration ceremony (after step-up: the caller wraps it in
 * `guarded`), the browser's new credential, and the server's check of it, under the name given.
 */
export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ceremony, name }: { ceremony: CreationCeremony; name: string }) =>
      apiRequest<Passkey>(apiPaths.passkeys, { body: { ...(await createPasskey(ceremony)), name } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export const startPasskeyRegistration = () => apiRequest<CreationCeremony>(apiPaths.passkeyOptions, { method: 'POST' });

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiRequest<Passkey>(apiPaths.passkey(id), { method: 'PATCH', body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<null>(apiPaths.passkey(id), { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeysKey }),
  });
}
