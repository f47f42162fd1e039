import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the tests: `oidc-provider` (OpenID-certified) on a port of this machine,
 * as UAE PASS or Nafath's broker would answer Mihna, with one registered client. Its login and
 * consent screens are answered at once for the person the test names (`signInAs`), so a test's
 * "browser" (`followToCallback`) goes from the authorization URL to Mihna's callback as a real one
 * does, redirect by redirect, with the provider's cookies.
 */

export interface ProviderAccount {
  sub?: string;
  [claim: string]: unknown;
}

export async function startOidcProvider(options: {
  clientId?: string;
  clientSecret?: string;
  redirectUri: string;
  /** Each scope's claims; UAE PASS's names by default. */
  claims?: Record<string, string[]>;
}) {
  const clientId = options.clientId ?? 'mihna-test';
  const clientSecret = options.clientSecret ?? 'mihna-test-secret-0123456789abcdef';
  const accounts = new Map<string, ProviderAccount>();
  let next: string | undefined;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    claims: options.claims ?? {
      openid: ['sub'],
      profile: ['idn', 'fullnameEN', 'fullnameAR', 'nationalityEN', 'mobile'],
      email: ['email', 'email_verified'],
    },
    scopes: ['openid', 'profile', 'email'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc test cookie key'] },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_context, id) => {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ ...account, sub: id }) } : undefined;
    },
  });
  const callback = provider.callback();

  /** The login and consent screens, answered for the person `signInAs` named. */
  async function interact(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      if (!next) throw new Error('signInAs() names no one to sign in');
      return provider.interactionFinished(request, response, { login: { accountId: next } }, { mergeWithLastSubmission: false });
    }
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
    grant!.addOIDCScope(String(details.params.scope));
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId: await grant!.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.url?.startsWith('/interaction/'))
      interact(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    else void callback(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    provider,
    /** Registers a person the provider knows, by their subject. */
    addAccount(sub: string, claims: ProviderAccount) {
      accounts.set(sub, claims);
    },
    /** Who signs in at the next login screen. */
    signInAs(sub: string) {
      next = sub;
    },
    /**
     * Plays a browser from the authorization URL: follows each redirect with the provider's cookies,
     * until one leaves for Mihna's redirect URI; answers that URL (with its code and state).
     */
    async followToCallback(authorizationUrl: string) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const header of response.headers.getSetCookie()) {
          const [pair = ''] = header.split(';');
          const [name = '', ...value] = pair.split('=');
          cookies.set(name.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
        url = new URL(location, url).href;
        if (url.startsWith(options.redirectUri)) return new URL(url);
      }
      throw new Error('too many redirects at the provider');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;
