import {
  identityMessages,
  phoneCountryCodes,
  type IdentityProviderId,
  type IdentityTicketResponse,
  type SessionResponse,
  type UserRole,
} from '@mihna/shared';
import * as client from 'openid-client';
import type { IdentityProviderConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataKey } from '../../lib/data-key.ts';
import { generateToken, hashSecret, hashToken } from '../../lib/secrets.ts';
import type { PageVisit } from '../../plugins/page-visit.ts';
import type { ClientInfo } from '../../plugins/request-identity.ts';
import type { UserRow, UsersRepository } from '../users/index.ts';
import type { IdentityLinkRow, IdentityRepository } from './identity.repository.ts';
import { ProviderUnavailableError, type Claims, type OidcClients } from './oidc.ts';

const FLOW_LIFETIME_MS = 10 * 60_000;
const TICKET_LIFETIME_MS = 15 * 60_000;
const verifierPurpose = 'oidc pkce verifier';
const nationalIdPurpose = 'national id';

/** What a provider vouched for, as kept on a sign-up's ticket: the national ID only as its keyed hash. */
interface VerifiedIdentity {
  provider: IdentityProviderId;
  subject: string;
  nationalIdHash: string;
  fullNameEn: string | null;
  fullNameAr: string | null;
  nationality: string | null;
  email: string | null;
  emailVerified: boolean;
  phone: { countryCode: string; number: string } | null;
}

const textClaim = (claims: Claims, ...names: string[]) => {
  for (const name of names) {
    const value = claims[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (typeof value === 'number') return String(value);
  }
  return null;
};

/** A mobile number as a provider gives it (971501234567, +966 5…): the Gulf code it starts with and the rest. */
function phoneOf(value: string | null) {
  const digits = value?.replace(/\D/g, '') ?? '';
  const entry = phoneCountryCodes.find((each) => digits.startsWith(each.code.slice(1)));
  return entry && digits.length > entry.code.length + 5 ? { countryCode: entry.code, number: digits.slice(entry.code.length - 1) } : null;
}

/** A verified full name split as the profile keeps it: the first word, and the rest. */
function namesOf(fullName: string) {
  const [first = fullName, ...rest] = fullName.split(/\s+/);
  return { firstName: first.slice(0, 60), lastName: (rest.join(' ') || first).slice(0, 60) };
}

export interface IdentityDependencies {
  db: Db;
  repository: IdentityRepository;
  providers: IdentityProviderConfig[];
  oidc: OidcClients;
  dataKey: DataKey;
  users: UsersRepository;
  codes: {
    issueCode(request: { purpose: 'identity_signup'; subjectId: string; channel: 'email'; to: string }, executor: Db): Promise<void>;
    consumeCode(purpose: 'identity_signup', subjectId: string, code: string): Promise<void>;
  };
  delivery: { dispatchSoon(): Promise<void> };
  /** A session for an active account (the auth module's), with the new device's e-mail. */
  signIn: (user: UserRow, client: ClientInfo) => Promise<SessionResponse>;
  publicUrl: string;
  siteOrigins: string[];
  clock: () => Date;
}

/**
 * National digital identity (UAE PASS, Nafath through its broker) over OpenID Connect: signing in
 * with it, creating an account from it, and linking it to the signed-in account, so that the account
 * shows "Identity verified". One national identity belongs to one account (its keyed hash is unique).
 * The callback never fails loudly: whatever goes wrong, the person lands back on the site with a
 * reason in the page's fragment, and nothing was created.
 */
export function createIdentityService(dependencies: IdentityDependencies) {
  const { db, repository, providers, oidc, dataKey, users, codes, delivery, signIn, publicUrl, siteOrigins, clock } = dependencies;
  const later = (ms: number) => new Date(clock().getTime() + ms);

  function providerOf(id: string) {
    const provider = providers.find((each) => each.id === id);
    if (!provider) throw new AppError('not_found', identityMessages.unknownProvider);
    return provider;
  }

  /** The national ID's keyed hash, in its country's namespace, as it is typed with or without its dashes. */
  const nationalIdHashOf = (provider: IdentityProviderConfig, nationalId: string) =>
    dataKey.keyedHash(`${provider.country}:${nationalId.toUpperCase().replace(/[^A-Z0-9]/g, '')}`, nationalIdPurpose);

  function identityOf(provider: IdentityProviderConfig, subject: string, claims: Claims): VerifiedIdentity | undefined {
    const nationalId = textClaim(claims, provider.nationalIdClaim);
    if (!nationalId) return undefined;
    const given = [textClaim(claims, 'given_name'), textClaim(claims, 'family_name')].filter(Boolean).join(' ');
    return {
      provider: provider.id,
      subject,
      nationalIdHash: nationalIdHashOf(provider, nationalId),
      fullNameEn: textClaim(claims, 'fullnameEN', 'name#en', 'name') ?? (given || null),
      fullNameAr: textClaim(claims, 'fullnameAR', 'name#ar'),
      nationality: textClaim(claims, 'nationalityEN', 'nationality'),
      email: textClaim(claims, 'email')?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      phone: phoneOf(textClaim(claims, 'mobile', 'phone_number')),
    };
  }

  const linkValues = (identity: VerifiedIdentity) => ({
    provider: identity.provider,
    subject: identity.subject,
    nationalIdHash: identity.nationalIdHash,
    fullNameEn: identity.fullNameEn,
    fullNameAr: identity.fullNameAr,
    nationality: identity.nationality,
    verifiedAt: clock(),
  });

  /** Links the identity to a signed-in account: linked, or why not (another account holds it; this one has another). */
  async function link(userId: string, identity: VerifiedIdentity): Promise<'linked' | 'taken' | 'already_linked'> {
    const bySubject = await repository.findLinkBySubject(identity.provider, identity.subject);
    const byNationalId = bySubject ?? (await repository.findLinkByNationalId(identity.nationalIdHash));
    if (byNationalId && byNationalId.userId !== userId) return 'taken';
    if (bySubject) {
      await repository.refreshLink(bySubject.id, linkValues(identity));
      return 'linked';
    }
    if (byNationalId) return 'linked';
    if (await repository.insertLink({ userId, ...linkValues(identity) })) return 'linked';
    // Refused by a unique index: another account took this identity meanwhile, or this one has another of this provider.
    const holder = await repository.findLinkByNationalId(identity.nationalIdHash);
    return holder && holder.userId !== userId ? 'taken' : 'already_linked';
  }

  /** The account an identity signs in: the one linked to its subject, else to its national ID. */
  async function holderOf(identity: VerifiedIdentity): Promise<IdentityLinkRow | undefined> {
    const bySubject = await repository.findLinkBySubject(identity.provider, identity.subject);
    if (bySubject) {
      await repository.refreshLink(bySubject.id, linkValues(identity));
      return bySubject;
    }
    return repository.findLinkByNationalId(identity.nationalIdHash);
  }

  async function issueTicket(provider: IdentityProviderId, outcome: { userId: string } | { identity: VerifiedIdentity }) {
    const token = generateToken();
    await repository.insertTicket(
      {
        tokenHash: hashToken(token),
        provider,
        userId: 'userId' in outcome ? outcome.userId : null,
        identity: 'identity' in outcome ? outcome.identity : null,
        expiresAt: later(TICKET_LIFETIME_MS),
      },
      clock(),
    );
    return token;
  }

  async function liveTicket(token: string) {
    const ticket = await repository.findTicket(hashToken(token), clock());
    if (!ticket) throw new AppError('unauthorized', identityMessages.ticketExpired);
    return ticket;
  }

  return {
    /** The providers whose buttons show, in order. */
    list: () => providers.map((provider) => ({ id: provider.id, label: provider.label })),

    /**
     * Starts a sign-in at the provider: a new state, nonce and PKCE verifier kept for ten minutes
     * (the state hashed, the verifier sealed), and the provider's URL to send the browser to.
     */
    async start(input: { provider: string; intent: 'sign_in' | 'link'; userId: string | undefined; visit: PageVisit }) {
      // The browser that starts the sign-in keeps this secret in a cookie; the callback needs it back.
      const browserSecret = generateToken();
      const provider = providerOf(input.provider);
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      let authorizationUrl: string;
      try {
        authorizationUrl = await oidc.authorizationUrl(provider, { state, nonce, codeVerifier, language: input.visit.language });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) throw new AppError('unavailable', identityMessages.unavailable);
        throw error;
      }
      await repository.insertFlow(
        {
          stateHash: hashToken(state),
          provider: provider.id,
          intent: input.intent,
          userId: input.userId ?? null,
          nonce,
          browserHash: hashToken(browserSecret),
          codeVerifierSealed: dataKey.seal(codeVerifier, verifierPurpose),
          returnOrigin: input.visit.origin && siteOrigins.includes(input.visit.origin) ? input.visit.origin : publicUrl,
          expiresAt: later(FLOW_LIFETIME_MS),
        },
        clock(),
      );
      return { authorization_url: authorizationUrl, browserSecret };
    },

    /**
     * The provider's redirect back: spends the flow its state names, checks the code, the ID token and
     * the claims, then links the identity, or hands the return page a ticket to sign in or sign up
     * with. Answers where to send the browser; every failure goes there too, with its reason.
     */
    async callback(
      providerId: string,
      query: URLSearchParams,
      browserSecret: string | undefined,
      log: (error: unknown) => void,
    ): Promise<string> {
      const provider = providers.find((each) => each.id === providerId);
      const states = query.getAll('state');
      const state = states.length === 1 ? states[0] : undefined;
      // Only in the browser that started it: a link or a finished callback handed to someone else finds nothing.
      const flow =
        provider && state && browserSecret
          ? await repository.takeFlow(
              { stateHash: hashToken(state), browserHash: hashToken(browserSecret), provider: provider.id },
              clock(),
            )
          : undefined;
      if (!provider || !state || !flow) return `${publicUrl}/identity/return#error=expired`;
      const back = (fragment: string) =>
        flow.intent === 'link' ? `${flow.returnOrigin}/settings/security#${fragment}` : `${flow.returnOrigin}/identity/return#${fragment}`;
      if (query.has('error')) return back('error=cancelled');

      let identity: VerifiedIdentity | undefined;
      try {
        const callbackUrl = new URL(oidcRedirectUri(publicUrl, provider.id));
        callbackUrl.search = query.toString();
        const verifier = dataKey.open(flow.codeVerifierSealed, verifierPurpose);
        const { subject, claims } = await oidc.claimsOf(provider, callbackUrl, { state, nonce: flow.nonce, codeVerifier: verifier });
        identity = identityOf(provider, subject, claims);
      } catch (error) {
        log(error);
        return back(error instanceof ProviderUnavailableError ? 'error=unavailable' : 'error=failed');
      }
      if (!identity) return back('error=failed');

      if (flow.intent === 'link') {
        if (!flow.userId) return back('error=expired');
        const outcome = await link(flow.userId, identity);
        return back(outcome === 'linked' ? 'identity=linked' : `error=${outcome}`);
      }
      const holder = await holderOf(identity);
      const ticket = await issueTicket(provider.id, holder ? { userId: holder.userId } : { identity });
      return back(`ticket=${ticket}`);
    },

    /** What a ticket opens: the session of the account the identity signs in, or the identity to sign up with. */
    async redeem(token: string, clientInfo: ClientInfo): Promise<IdentityTicketResponse> {
      const ticket = await liveTicket(token);
      if (ticket.userId) {
        const user = await users.findUserById(ticket.userId);
        if (!user || !(await repository.spendTicket(ticket.id))) throw new AppError('unauthorized', identityMessages.ticketExpired);
        return { status: 'signed_in', ...(await signIn(user, clientInfo)) };
      }
      const identity = ticket.identity as VerifiedIdentity;
      return {
        status: 'signup',
        provider: identity.provider,
        full_name_en: identity.fullNameEn,
        full_name_ar: identity.fullNameAr,
        email: identity.email,
        country_code: identity.phone?.countryCode ?? null,
        phone_number: identity.phone?.number ?? null,
      };
    },

    /**
     * Creates the account of a verified identity with no account yet: its role and contact details.
     * An e-mail the provider did not vouch for is proved first with a code sent to it. The account has
     * no usable password (a reset gives it one); its identity is verified from the start.
     */
    async signup(
      input: {
        ticket: string;
        role: UserRole;
        email: string;
        country_code: string;
        phone_number: string;
        verification_code?: string | undefined;
      },
      clientInfo: ClientInfo,
    ) {
      const ticket = await liveTicket(input.ticket);
      if (ticket.userId || !ticket.identity) throw new AppError('unauthorized', identityMessages.ticketExpired);
      const identity = ticket.identity as VerifiedIdentity;
      const email = input.email.trim().toLowerCase();
      if (await users.findUserByEmail(email)) throw new AppError('conflict', identityMessages.emailTaken);
      if (await users.findUserByPhoneNumber(input.country_code, input.phone_number))
        throw new AppError('conflict', identityMessages.phoneTaken);

      const isVouched = identity.emailVerified && identity.email === email;
      if (!isVouched) {
        if (!input.verification_code || ticket.codeEmail !== email) {
          await transaction(db, async (tx) => {
            await codes.issueCode({ purpose: 'identity_signup', subjectId: ticket.id, channel: 'email', to: email }, tx);
            await repository.setTicketCodeEmail(ticket.id, email, tx);
          });
          void delivery.dispatchSoon();
          return { status: 'code_sent' as const, message: identityMessages.codeSent };
        }
        await codes.consumeCode('identity_signup', ticket.id, input.verification_code);
      }

      const provider = providerOf(identity.provider);
      const names = namesOf(identity.fullNameEn ?? identity.fullNameAr ?? email.split('@')[0]!);
      const user = await transaction(db, async (tx) => {
        if (!(await repository.spendTicket(ticket.id, tx))) throw new AppError('unauthorized', identityMessages.ticketExpired);
        const created = await users.insertUser(
          {
            email,
            phoneNumber: input.phone_number,
            countryCode: input.country_code,
            ...names,
            role: input.role,
            // No password to sign in with until a reset chooses one: the identity is how this account signs in.
            passwordHash: await hashSecret(generateToken()),
            verificationMethod: 'email',
            country: provider.country,
          },
          tx,
        );
        if (!(await repository.insertLink({ userId: created.id, ...linkValues(identity) }, tx)))
          throw new AppError('conflict', identityMessages.identityTaken);
        return created;
      });
      return { status: 'signed_in' as const, ...(await signIn(user, clientInfo)) };
    },

    /** The signed-in user's verified identities, for the Security page. */
    async linksOf(userId: string) {
      return (await repository.linksOf(userId)).map((row) => ({
        provider: row.provider as IdentityProviderId,
        full_name_en: row.fullNameEn,
        full_name_ar: row.fullNameAr,
        nationality: row.nationality,
        verified_at: row.verifiedAt.toISOString(),
      }));
    },
  };
}

/** Where a provider sends the browser back: registered with it as the client's redirect URI. */
export const oidcRedirectUri = (publicUrl: string, providerId: string) => `${publicUrl}/api/auth/identity/${providerId}/callback`;

export type IdentityService = ReturnType<typeof createIdentityService>;
