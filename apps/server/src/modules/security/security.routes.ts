import {
  errorResponseSchema,
  passkeyCeremonySchema,
  passkeyRegistrationInputSchema,
  passkeyRenameInputSchema,
  passkeySchema,
  secondFactorCodeInputSchema,
} from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SignedIn } from '../../plugins/signed-in.ts';
import type { UserRow } from '../users/index.ts';
import type { PasskeysService } from './passkeys.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';

/** The signed-in user as the owner of a second factor. */
const userOwner = (user: { id: string }) => ({ kind: 'user' as const, id: user.id });

const errors = { 401: errorResponseSchema, 409: errorResponseSchema, 422: errorResponseSchema, 423: errorResponseSchema };

/** Step-up (auth module): refuses 403 `step_up_required` unless the session proved a second factor in the last five minutes. */
interface StepUpCheck {
  require(request: FastifyRequest): Promise<void>;
}

const passkeyIdParams = z.object({ id: z.uuid() });

/** The signed-in user's own second factor and passkeys: each route acts on the caller's account only. */
export function securityRoutes(
  signedIn: SignedIn<UserRow>,
  secondFactor: SecondFactorService,
  passkeys: PasskeysService,
  stepUp: StepUpCheck,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/passkeys',
      {
        schema: {
          tags: ['account security'],
          summary: 'Your passkeys, oldest first',
          security: [{ bearerAuth: [] }],
          response: { 200: z.object({ passkeys: z.array(passkeySchema) }), 401: errorResponseSchema },
        },
      },
      async (request) => ({ passkeys: await passkeys.list((await signedIn.actor(request)).id) }),
    );

    app.post(
      '/account/passkeys/options',
      {
        schema: {
          tags: ['account security'],
          summary: "Start adding a passkey: the options for the browser's navigator.credentials.create()",
          description:
            'Needs step-up first. The ceremony lasts five minutes; its token goes back with the answer to POST /account/passkeys. Up to 10 passkeys.',
          security: [{ bearerAuth: [] }],
          response: { 200: passkeyCeremonySchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const user = await signedIn.user(request);
        await stepUp.require(request);
        return passkeys.registrationOptions({ id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() });
      },
    );

    app.post(
      '/account/passkeys',
      {
        schema: {
          tags: ['account security'],
          summary: 'Add the passkey the browser created, with a name for it',
          description: 'The attestation is checked against the ceremony (challenge, origin, relying party); the ceremony is spent once.',
          security: [{ bearerAuth: [] }],
          body: passkeyRegistrationInputSchema,
          response: { 201: passkeySchema, ...errors, 403: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await signedIn.actor(request);
        await stepUp.require(request);
        return reply.code(201).send(await passkeys.register(user.id, request.body));
      },
    );

    app.patch(
      '/account/passkeys/:id',
      {
        schema: {
          tags: ['account security'],
          summary: 'Rename one of your passkeys',
          security: [{ bearerAuth: [] }],
          params: passkeyIdParams,
          body: passkeyRenameInputSchema,
          response: { 200: passkeySchema, 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema },
        },
      },
      async (request) => passkeys.rename((await signedIn.actor(request)).id, request.params.id, request.body.name),
    );

    app.delete(
      '/account/passkeys/:id',
      {
        schema: {
          tags: ['account security'],
          summary: 'Remove one of your passkeys (needs step-up)',
          security: [{ bearerAuth: [] }],
          params: passkeyIdParams,
          response: { 204: z.null(), 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const user = await signedIn.actor(request);
        await stepUp.require(request);
        await passkeys.remove(user.id, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/account/security',
      {
        schema: {
          tags: ['account security'],
          summary: 'Whether your account has an authenticator app, and how many recovery codes are left',
          security: [{ bearerAuth: [] }],
          response: {
            200: z.object({ totp_enabled: z.boolean(), totp_enabled_at: z.string().nullable(), recovery_codes_left: z.number().int() }),
            401: errorResponseSchema,
          },
        },
      },
      async (request) => secondFactor.status(userOwner(await signedIn.actor(request))),
    );

    app.post(
      '/account/totp',
      {
        schema: {
          tags: ['account security'],
          summary: 'Start setting up an authenticator app: its secret, as text, an otpauth:// URI and a QR code (SVG)',
          description:
            'Needs step-up first (POST /account/step-up with the code e-mailed to the account), so that a stolen session cannot give the account an app of its own. Nothing changes for sign-in until a first code confirms it (POST /account/totp/confirm). Starting again gives a new secret.',
          security: [{ bearerAuth: [] }],
          response: {
            200: z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() }),
            403: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const user = await signedIn.user(request);
        await stepUp.require(request);
        return secondFactor.startTotp(userOwner(user), user.email);
      },
    );

    app.post(
      '/account/totp/confirm',
      {
        schema: {
          tags: ['account security'],
          summary: 'Confirm the authenticator app with a first code; answers ten recovery codes, shown this once',
          security: [{ bearerAuth: [] }],
          body: secondFactorCodeInputSchema,
          response: { 200: z.object({ recovery_codes: z.array(z.string()) }), ...errors },
        },
      },
      async (request) => secondFactor.confirmTotp(userOwner(await signedIn.actor(request)), request.body.code),
    );

    app.post(
      '/account/totp/disable',
      {
        schema: {
          tags: ['account security'],
          summary: 'Turn the authenticator app off, with a fresh code of it or a recovery code',
          security: [{ bearerAuth: [] }],
          body: secondFactorCodeInputSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await secondFactor.disableTotp(userOwner(await signedIn.actor(request)), request.body.code);
        return reply.code(204).send(null);
      },
    );
  };
}
