import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { apiPaths } from '../../lib/paths.ts';

/** A WebAuthn ceremony as the server starts it: a token to send back and the options for the browser. */
export interface PasskeyCeremony<Options> {
  ceremony_token: string;
  options: Options;
}
export type RequestCeremony = PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON>;
export type CreationCeremony = PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON>;

/**
 * Whether this browser can use the site's passkeys here: it speaks WebAuthn, and this page is on the
 * relying party's host (PUBLIC_URL's) or under it; elsewhere (127.0.0.1 beside localhost) the browser
 * would refuse, so no passkey button shows.
 */
export function usePasskeysAvailable() {
  const methods = useQuery({
    queryKey: ['sign-in-methods'],
    queryFn: () => apiRequest<{ passkey_rp_id: string }>(apiPaths.signInMethods, { token: null }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const rpId = methods.data?.passkey_rp_id;
  if (!rpId || typeof window === 'undefined' || !browserSupportsWebAuthn()) return false;
  const host = window.location.hostname;
  return host === rpId || host.endsWith(`.${rpId}`);
}

/** The browser's answer to a sign-in, second-step or step-up ceremony: the passkey the person chose, signed with it. */
export async function answerCeremony(ceremony: RequestCeremony): Promise<{ ceremony_token: string; response: AuthenticationResponseJSON }> {
  return { ceremony_token: ceremony.ceremony_token, response: await startAuthentication({ optionsJSON: ceremony.options }) };
}

/** A new passkey made by the browser for a registration ceremony. */
export async function createPasskey(ceremony: CreationCeremony): Promise<{ ceremony_token: string; response: RegistrationResponseJSON }> {
  return { ceremony_token: ceremony.ceremony_token, response: await startRegistration({ optionsJSON: ceremony.options }) };
}

/**
 * Whether the browser's refusal means the person closed its passkey prompt or let it time out (it
 * says nothing more, on purpose): then the screen says so and offers to try again.
 */
export const isPasskeyPromptClosed = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/** Whether the browser's refusal is the authenticator saying it already holds one of this account's passkeys. */
export const isPasskeyAlreadyRegistered = (error: unknown) =>
  error instanceof Error &&
  ((error as { code?: string }).code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || error.name === 'InvalidStateError');
