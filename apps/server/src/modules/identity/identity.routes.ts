import {
  errorResponseSchema,
  identityLinkSchema,
  identityProviderSchema,
  identitySignupInputSchema,
  identitySignupResponseSchema,
  identityStartInputSchema,
  identityTicketInputSchema,
  identityTicketResponseSchema,
} from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cookieOf } from '../../plugins/first-load.ts';
import { pageVisitOf } from '../../plugins/page-visit.ts';
import { perClient, type RateLimiter } from '../../plugins/rate-limit.ts';
import { clientInfo } from '../../plugins/request-identity.ts';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { IdentityService } from './identity.service.ts';

const providerParams = z.object({ provider: z.string().max(40) });

/** Sign-in with a national digital identity, account creation from it, and linking it to the signed-in account. */
/** The cookie that binds a sign-in to the browser that started it. */
const BROWSER_COOKIE = 'mihna.identity';

export function identityRoutes(
  signedIn: SignedIn,
  identity: IdentityService,
  stepUp: { require(request: FastifyRequest): Promise<void> },
  rateLimiter: RateLimiter,
  publicUrl: string,
): FastifyPluginAsyncZod {
  const limit = (bucket: string, count: number) => rateLimiter.limitPerClient(perClient(bucket, count, 3600));
  return async (app) => {
    app.get(
      '/auth/identity/providers',
      {
        schema: {
          tags: ['national identity'],
          summary: 'The national digital identity providers configured (UAE PASS, Nafath), with their buttons’ labels',
          response: { 200: z.object({ providers: z.array(identityProviderSchema) }) },
        },
      },
      async () => ({ providers: identity.list() }),
    );

    app.post(
      '/auth/identity/:provider/start',
      {
        preHandler: limit('identity-start', 120),
        schema: {
          tags: ['national identity'],
          summary: 'Start signing in with a national digital identity: the provider’s URL to send the browser to',
          description:
            'Authorization code flow with PKCE (S256), state and nonce; `ui_locales=ar` when the page is Arabic. `link` needs a signed-in user with step-up and verifies their account; `sign_in` signs in (or creates an account). The answer sets a cookie that the callback (GET /auth/identity/{provider}/callback, where the provider sends the browser back) needs: only the browser that started a sign-in finishes it.',
          params: providerParams,
          body: identityStartInputSchema,
          response: {
            200: z.object({ authorization_url: z.string() }),
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
            429: errorResponseSchema,
            503: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        // Linking adds a way into the account: it needs step-up, as a new passkey does.
        const userId = request.body.intent === 'link' ? (await signedIn.actor(request)).id : undefined;
        if (userId) await stepUp.require(request);
        const { authorization_url, browserSecret } = await identity.start({
          provider: request.params.provider,
          intent: request.body.intent,
          userId,
          visit: pageVisitOf(request.headers),
        });
        // Sent back by the browser on the provider's redirect (a top-level GET: SameSite=Lax lets it through).
        const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
        void reply.header(
          'set-cookie',
          `${BROWSER_COOKIE}=${browserSecret}; Path=/api/auth/identity; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
        );
        return { authorization_url };
      },
    );

    app.get(
      '/auth/identity/:provider/callback',
      {
        schema: {
          tags: ['national identity'],
          summary: 'Where the provider sends the browser back (the redirect URI): on to the site, with a ticket or the reason it failed',
          params: providerParams,
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
          response: { 303: z.null() },
        },
      },
      async (request, reply) => {
        const query = new URLSearchParams(
          Object.entries(request.query).flatMap(([name, value]) =>
            (Array.isArray(value) ? value : [value]).map((each): [string, string] => [name, each]),
          ),
        );
        const location = await identity.callback(request.params.provider, query, cookieOf(request.headers, BROWSER_COOKIE), (error) =>
          request.log.warn({ err: error, provider: request.params.provider }, 'identity sign-in refused'),
        );
        return reply
          .code(303)
          .header('location', location)
          .header('cache-control', 'no-store')
          .header('set-cookie', `${BROWSER_COOKIE}=; Path=/api/auth/identity; Max-Age=0; HttpOnly; SameSite=Lax`)
          .send(null);
      },
    );

    app.post(
      '/auth/identity/ticket',
      {
        preHandler: limit('identity-ticket', 120),
        schema: {
          tags: ['national identity'],
          summary: 'Open what a finished sign-in’s ticket holds: a session, or the verified identity to create an account from',
          description: 'A ticket lasts 15 minutes; one that signs in is spent by it.',
          body: identityTicketInputSchema,
          response: {
            200: identityTicketResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => identity.redeem(request.body.ticket, clientInfo(request)),
    );

    app.post(
      '/auth/identity/signup',
      {
        preHandler: limit('identity-signup', 60),
        schema: {
          tags: ['national identity'],
          summary: 'Create an account from a verified identity: its role and contact details (and the e-mailed code, when asked)',
          description:
            'When the provider vouched for no e-mail, or another one is chosen, the first call sends a 6-digit code to it (`code_sent`); the second, with `verification_code`, creates the account. One national identity belongs to one account.',
          body: identitySignupInputSchema,
          response: {
            200: identitySignupResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            409: errorResponseSchema,
            422: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
      },
      async (request) => identity.signup(request.body, clientInfo(request)),
    );

    app.get(
      '/account/identity',
      {
        schema: {
          tags: ['national identity'],
          summary: 'Your verified identities, and the providers you can verify with',
          security: [{ bearerAuth: [] }],
          response: {
            200: z.object({ links: z.array(identityLinkSchema), providers: z.array(identityProviderSchema) }),
            401: errorResponseSchema,
          },
        },
      },
      async (request) => ({ links: await identity.linksOf((await signedIn.actor(request)).id), providers: identity.list() }),
    );
  };
}
