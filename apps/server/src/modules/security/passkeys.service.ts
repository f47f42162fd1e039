import { passkeyMessages, type PasskeyCeremony } from '@mihna/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AppError } from '../../lib/app-error.ts';
import { generateToken, hashToken } from '../../lib/secrets.ts';
import type { SecurityRepository } from './security.repository.ts';
import type { passkeys } from './security.schema.ts';

/** The relying party: PUBLIC_URL's host, and the site's origins on it that may answer a ceremony. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

type PasskeyRow = typeof passkeys.$inferSelect;
type AssertionPurpose = 'second_factor' | 'step_up';

const CEREMONY_LIFETIME_MS = 5 * 60_000;
const TIMEOUT_MS = 2 * 60_000;
export const MAX_PASSKEYS = 10;

export const toPasskeyJson = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  backed_up: row.backedUp,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** A ceremony's token with WebAuthn's options for the browser (@simplewebauthn/browser reads them). */
const ceremonyOf = (
  token: string,
  options: PublicKeyCredentialCreationOptionsJSON | PublicKeyCredentialRequestOptionsJSON,
): PasskeyCeremony => ({ ceremony_token: token, options: { ...options } });

/** A user's UUID as the 16 bytes of a WebAuthn user handle: no e-mail or name in it. */
const userHandleOf = (userId: string) => Buffer.from(userId.replace(/-/g, ''), 'hex');
const transportsOf = (row: PasskeyRow) => row.transports as AuthenticatorTransport[];

/**
 * Passkeys (WebAuthn) through `@simplewebauthn/server`: registration as a discoverable credential,
 * sign-in with a passkey alone (the device's lock proves the person: user verification required),
 * and a passkey as the second step of a login or as step-up. Each ceremony's challenge is kept
 * server-side behind a single-use token, bound to whom and to what it was asked for; an answer that
 * does not check out is refused in one message, whatever the reason.
 */
export function createPasskeysService({
  repository,
  relyingParty,
  clock,
}: {
  repository: SecurityRepository;
  relyingParty: RelyingParty;
  clock: () => Date;
}) {
  async function startCeremony(
    purpose: 'register' | 'sign_in' | AssertionPurpose,
    challenge: string,
    bound: { userId?: string; boundTo?: string } = {},
  ) {
    const token = generateToken();
    await repository.insertCeremony(
      {
        tokenHash: hashToken(token),
        purpose,
        userId: bound.userId ?? null,
        boundTo: bound.boundTo ?? null,
        challenge,
        expiresAt: new Date(clock().getTime() + CEREMONY_LIFETIME_MS),
      },
      clock(),
    );
    return token;
  }

  /** Spends the ceremony; refuses one spent, past its time, of another purpose or bound elsewhere. */
  async function takeCeremony(
    token: string,
    purpose: 'register' | 'sign_in' | AssertionPurpose,
    bound: { userId?: string; boundTo?: string } = {},
  ) {
    const ceremony = await repository.takeCeremony(hashToken(token), purpose, clock());
    const isBoundElsewhere =
      (bound.userId !== undefined && ceremony?.userId !== bound.userId) ||
      (bound.boundTo !== undefined && ceremony?.boundTo !== bound.boundTo);
    if (!ceremony || isBoundElsewhere) throw new AppError('unauthorized', passkeyMessages.expired);
    return ceremony;
  }

  /**
   * Checks an assertion against the ceremony's challenge and the passkey's public key, and takes its
   * new signature counter (an authenticator's counter that went back is a cloned key: refused).
   */
  async function checkAssertion(
    passkey: PasskeyRow,
    challenge: string,
    response: AuthenticationResponseJSON,
    requireUserVerification: boolean,
  ) {
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification,
      });
      return (
        verified && (await repository.recordPasskeyUse(passkey.id, authenticationInfo.newCounter, authenticationInfo.credentialBackedUp))
      );
    } catch {
      // A malformed answer, a wrong signature, origin or challenge: all one refusal.
      return false;
    }
  }

  async function assertionOptions(allow: PasskeyRow[], userVerification: 'required' | 'preferred') {
    return generateAuthenticationOptions({
      rpID: relyingParty.id,
      timeout: TIMEOUT_MS,
      userVerification,
      allowCredentials: allow.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    });
  }

  return {
    async list(userId: string) {
      return (await repository.listPasskeys(userId)).map(toPasskeyJson);
    },

    async hasPasskey(userId: string) {
      return (await repository.countPasskeys(userId)) > 0;
    },

    /** What the browser needs to create a passkey for the user (none of those it already has). */
    async registrationOptions(user: { id: string; email: string; name: string }) {
      const existing = await repository.listPasskeys(user.id);
      if (existing.length >= MAX_PASSKEYS) throw new AppError('conflict', passkeyMessages.tooMany);
      const options = await generateRegistrationOptions({
        rpName: relyingParty.name,
        rpID: relyingParty.id,
        userName: user.email,
        userDisplayName: user.name,
        userID: userHandleOf(user.id),
        timeout: TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      return ceremonyOf(await startCeremony('register', options.challenge, { userId: user.id }), options);
    },

    /** Keeps the passkey the browser created, once its attestation checks out against the ceremony. */
    async register(userId: string, input: { ceremony_token: string; response: RegistrationResponseJSON; name: string }) {
      const ceremony = await takeCeremony(input.ceremony_token, 'register', { userId });
      if ((await repository.countPasskeys(userId)) >= MAX_PASSKEYS) throw new AppError('conflict', passkeyMessages.tooMany);
      const verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: ceremony.challenge,
        expectedOrigin: relyingParty.origins,
        expectedRPID: relyingParty.id,
        requireUserVerification: false,
      }).catch(() => undefined);
      if (!verification?.verified) throw new AppError('unauthorized', passkeyMessages.refused);
      const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
      const row = await repository.insertPasskey({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
      });
      if (!row) throw new AppError('conflict', passkeyMessages.alreadyRegistered);
      return toPasskeyJson(row);
    },

    async rename(userId: string, id: string, name: string) {
      const row = await repository.renamePasskey(userId, id, name);
      if (!row) throw new AppError('not_found', passkeyMessages.notFound);
      return toPasskeyJson(row);
    },

    async remove(userId: string, id: string) {
      if (!(await repository.removePasskey(userId, id))) throw new AppError('not_found', passkeyMessages.notFound);
    },

    /** A sign-in with a passkey alone: the browser offers the site's discoverable passkeys, no e-mail typed. */
    async signInOptions() {
      const options = await assertionOptions([], 'required');
      return ceremonyOf(await startCeremony('sign_in', options.challenge), options);
    },

    /** The user a passkey signs in, proved with the device's lock; refuses anything else. */
    async signIn(input: { ceremony_token: string; response: AuthenticationResponseJSON }) {
      const ceremony = await takeCeremony(input.ceremony_token, 'sign_in');
      const passkey = await repository.findPasskeyByCredential(input.response.id);
      if (!passkey) throw new AppError('unauthorized', passkeyMessages.unknown);
      if (!(await checkAssertion(passkey, ceremony.challenge, input.response, true)))
        throw new AppError('unauthorized', passkeyMessages.refused);
      return passkey.userId;
    },

    /** A passkey of this user only, for the second step of a login (`boundTo` its challenge) or for step-up (its session). */
    async assertionOptionsFor(userId: string, purpose: AssertionPurpose, boundTo: string) {
      const rows = await repository.listPasskeys(userId);
      if (rows.length === 0) throw new AppError('conflict', passkeyMessages.notFound);
      const options = await assertionOptions(rows, 'preferred');
      return ceremonyOf(await startCeremony(purpose, options.challenge, { userId, boundTo }), options);
    },

    /** Whether the answer is a passkey of this user signing this ceremony's challenge; refuses a ceremony spent or bound elsewhere. */
    async verifyAssertion(
      userId: string,
      purpose: AssertionPurpose,
      boundTo: string,
      input: { ceremony_token: string; response: AuthenticationResponseJSON },
    ) {
      const ceremony = await takeCeremony(input.ceremony_token, purpose, { userId, boundTo });
      const passkey = await repository.findPasskeyByCredential(input.response.id);
      if (!passkey || passkey.userId !== userId) return false;
      return checkAssertion(passkey, ceremony.challenge, input.response, false);
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
