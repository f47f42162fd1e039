import * as client from 'openid-client';
import type { IdentityProviderConfig } from '../../config.ts';

/** How long a provider may take to answer one request before it counts as down. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** A provider that did not answer (down, unreachable, timed out, or its own server error). */
export class ProviderUnavailableError extends Error {}

/** The claims a provider said of the person: the ID token's, with its userinfo's over them. */
export type Claims = Record<string, unknown>;

/**
 * One OpenID Connect relying party per configured provider, through `openid-client` (certified):
 * discovery of the issuer (cached once it answers), the authorization code flow with PKCE, state and
 * nonce, the ID token's signature checked against the provider's JWKS, then its userinfo. The check
 * of the ID token's times follows the app's clock (`clock`), so tests can move it.
 */
export function createOidcClients(
  providers: IdentityProviderConfig[],
  options: { redirectUriOf: (id: string) => string; clock: () => Date },
) {
  const metadata = new Map<string, client.ServerMetadata>();
  const jwksCaches = new Map<string, client.ExportedJWKSCache>();

  const isInsecure = (provider: IdentityProviderConfig) => new URL(provider.issuer).protocol === 'http:';

  /** A configuration for one request, with the app's clock; discovery runs once, until it succeeds. */
  async function configurationOf(provider: IdentityProviderConfig) {
    const skew = Math.round((options.clock().getTime() - Date.now()) / 1000);
    const clientMetadata = { client_secret: provider.clientSecret, [client.clockSkew]: skew };
    const auth = client.ClientSecretPost(provider.clientSecret);
    let configuration: client.Configuration;
    const known = metadata.get(provider.id);
    if (known) configuration = new client.Configuration(known, provider.clientId, clientMetadata, auth);
    else {
      configuration = await unavailableOnFailure(() =>
        client.discovery(new URL(provider.issuer), provider.clientId, clientMetadata, auth, {
          execute: isInsecure(provider) ? [client.allowInsecureRequests] : [],
          timeout: PROVIDER_TIMEOUT_SECONDS,
        }),
      );
      metadata.set(provider.id, configuration.serverMetadata());
    }
    if (isInsecure(provider)) client.allowInsecureRequests(configuration);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    const jwks = jwksCaches.get(provider.id);
    if (jwks) client.setJwksCache(configuration, jwks);
    return configuration;
  }

  return {
    /** The provider's authorization URL for this flow (code, S256 PKCE, state, nonce; `ui_locales=ar` for an Arabic page). */
    async authorizationUrl(
      provider: IdentityProviderConfig,
      flow: { state: string; nonce: string; codeVerifier: string; language: 'en' | 'ar' },
    ) {
      const configuration = await configurationOf(provider);
      return client.buildAuthorizationUrl(configuration, {
        redirect_uri: options.redirectUriOf(provider.id),
        scope: provider.scopes,
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        ui_locales: flow.language === 'ar' ? 'ar en' : 'en ar',
      }).href;
    },

    /**
     * Exchanges the code the provider sent back for its tokens, checks the ID token (signature, issuer,
     * audience, times, nonce) and reads the person's claims; refuses anything that does not check out,
     * and says ProviderUnavailableError when the provider does not answer.
     */
    async claimsOf(
      provider: IdentityProviderConfig,
      callbackUrl: URL,
      flow: { state: string; nonce: string; codeVerifier: string },
    ): Promise<{ subject: string; claims: Claims }> {
      const configuration = await configurationOf(provider);
      const tokens = await unavailableOnFailure(() =>
        client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        }),
      );
      const idToken = tokens.claims();
      if (!idToken) throw new Error('no ID token');
      const userinfo = configuration.serverMetadata().userinfo_endpoint
        ? await unavailableOnFailure(() => client.fetchUserInfo(configuration, tokens.access_token, idToken.sub))
        : {};
      const jwks = client.getJwksCache(configuration);
      if (jwks) jwksCaches.set(provider.id, jwks);
      return { subject: idToken.sub, claims: { ...idToken, ...userinfo } };
    },
  };
}

export type OidcClients = ReturnType<typeof createOidcClients>;

/** openid-client's codes for a provider that did not answer as a working server does. */
const unanswered = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/**
 * Runs a call to the provider; a failure to reach it (the network, a timeout, its server's 5xx or a
 * page that is not its API) is ProviderUnavailableError, any other refusal (a bad code, nonce or
 * signature) stays what it is.
 */
async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const isDown =
      error instanceof TypeError ||
      (error instanceof client.ResponseBodyError && error.status >= 500) ||
      (error instanceof client.ClientError && error.code !== undefined && unanswered.has(error.code));
    if (isDown) throw new ProviderUnavailableError('the provider did not answer', { cause: error });
    throw error;
  }
}
