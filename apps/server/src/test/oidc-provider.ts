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
  /** Mihna's redirect URIs (one per server of the browser journeys). */
  redirectUris: string[];
  /** Each scope's claims; UAE PASS's names by default. */
  claims?: Record<string, string[]>;
  port?: number;
  /**
   * POST /test/sign-in-as {redirect_uri, sub, claims}: the browser journeys name who signs in next at
   * the login screen of the sign-in that returns to that redirect URI (each journey server has its own).
   */
  control?: boolean;
}) {
  const clientId = options.clientId ?? 'mihna-test';
  const clientSecret = options.clientSecret ?? 'mihna-test-secret-0123456789abcdef';
  const accounts = new Map<string, ProviderAccount>();
  /** Who signs in next, by the redirect URI the sign-in returns to ('' for any). */
  const next = new Map<string, string>();

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
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
      const accountId = next.get(String(details.params.redirect_uri)) ?? next.get('');
      if (!accountId) throw new Error('signInAs() names no one to sign in');
      return provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
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

  async function control(request: IncomingMessage, response: ServerResponse) {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const { redirect_uri, sub, claims } = JSON.parse(body) as { redirect_uri: string; sub: string; claims: ProviderAccount };
    accounts.set(sub, claims);
    next.set(redirect_uri, sub);
    response.statusCode = 204;
    response.end();
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (options.control && request.method === 'POST' && request.url === '/test/sign-in-as')
      control(request, response).catch(() => {
        response.statusCode = 400;
        response.end();
      });
    else if (request.url?.startsWith('/interaction/'))
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
      next.set('', sub);
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
        if (options.redirectUris.some((each) => url.startsWith(each))) return new URL(url);
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
