import type { IdentityLink, IdentityProviderId, IdentityTicketResponse, SessionResponse } from '@mihna/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface IdentityProvider {
  id: IdentityProviderId;
  label: { en: string; ar: string };
}

/** The national digital identity providers configured; none, no buttons. */
export const useIdentityProviders = () =>
  useQuery({
    queryKey: ['identity-providers'],
    queryFn: () => apiRequest<{ providers: IdentityProvider[] }>(apiPaths.identityProviders, { token: null }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useIdentityLinks = () =>
  useQuery({
    queryKey: ['identity-links'],
    queryFn: () => apiRequest<{ links: IdentityLink[]; providers: IdentityProvider[] }>(apiPaths.accountIdentity),
  });

/**
 * Starts the provider's sign-in and sends the browser there; the provider sends it back to
 * /identity/return (signing in) or /settings/security (linking). Linking goes with the session's token.
 */
export async function goToProvider(provider: IdentityProviderId, intent: 'sign_in' | 'link') {
  const { authorization_url } = await apiRequest<{ authorization_url: string }>(apiPaths.identityStart(provider), {
    body: { intent },
    ...(intent === 'sign_in' ? { token: null } : {}),
  });
  window.location.assign(authorization_url);
}

export const redeemTicket = (ticket: string) =>
  apiRequest<IdentityTicketResponse>(apiPaths.identityTicket, { body: { ticket }, token: null });

export interface IdentitySignup {
  ticket: string;
  role: 'professional' | 'employer';
  email: string;
  country_code: string;
  phone_number: string;
  verification_code?: string;
}

export const signUpWithIdentity = (input: IdentitySignup) =>
  apiRequest<({ status: 'signed_in' } & SessionResponse) | { status: 'code_sent'; message: string }>(apiPaths.identitySignup, {
    body: input,
    token: null,
  });
