import { stepUpMessages, type SecondFactorMethod } from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../plugins/request-identity.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { CodesService } from './codes.service.ts';
import type { PasskeyAnswer, SecondFactorCheck } from './login.service.ts';
import type { SessionsService } from './sessions.service.ts';

/** How long a proved second factor lets a session move money or change what guards the account. */
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/**
 * Step-up: actions that move money or take over an account (a payout, a new payout method, …) need a
 * second factor proved in this session within the last five minutes: a code of the authenticator
 * app, or for an account without one a 6-digit code sent to its verified e-mail. A login's second
 * step counts as one.
 */
export function createStepUpService(dependencies: {
  db: Db;
  sessions: SessionsService;
  codes: CodesService;
  delivery: DeliveryService;
  secondFactor: SecondFactorCheck;
  clock: () => Date;
}) {
  const { db, sessions, codes, delivery, secondFactor, clock } = dependencies;

  /** How an account proves step-up by default: its app, else its passkey, else a code e-mailed to it. */
  const methodOf = (methods: SecondFactorMethod[]) =>
    methods.includes('totp') ? ('totp' as const) : methods.includes('passkey') ? ('passkey' as const) : ('email' as const);

  /** An account with a second factor proves step-up with it, not with a code e-mailed to it. */
  async function refuseEmailCode(userId: string) {
    const method = methodOf(await secondFactor.methods(userId));
    if (method === 'totp') throw new AppError('conflict', stepUpMessages.useApp);
    if (method === 'passkey') throw new AppError('conflict', stepUpMessages.usePasskey);
  }

  async function markStepUp(sessionId: string) {
    await sessions.markStepUp(sessionId);
    return { confirmed_until: new Date(clock().getTime() + STEP_UP_WINDOW_MS).toISOString() };
  }

  return {
    /** Whether this session may act now, until when, and how it proves itself otherwise. */
    async status(token: string | undefined) {
      const { session, user } = await sessions.requireSession(token);
      const until = session.stepUpAt ? new Date(session.stepUpAt.getTime() + STEP_UP_WINDOW_MS) : null;
      const methods = await secondFactor.methods(user.id);
      return {
        method: methodOf(methods),
        passkey: methods.includes('passkey'),
        confirmed_until: until && until > clock() ? until.toISOString() : null,
      };
    },

    /** Sends the 6-digit code to the e-mail of an account without a second factor (one a minute). */
    async sendCode(token: string | undefined) {
      const { user } = await sessions.requireSession(token);
      await refuseEmailCode(user.id);
      await transaction(db, (tx) => codes.issueCode({ purpose: 'step_up', subjectId: user.id, channel: 'email', to: user.email }, tx));
      void delivery.dispatchSoon();
      return { message: stepUpMessages.codeSent };
    },

    /** Proves the second factor for five minutes: a code of the app (or a recovery code), or the e-mailed code. */
    async confirm(token: string | undefined, code: string) {
      const { session, user } = await sessions.requireSession(token);
      const method = methodOf(await secondFactor.methods(user.id));
      if (method === 'totp') await secondFactor.verify(user.id, code);
      else if (method === 'passkey') throw new AppError('conflict', stepUpMessages.usePasskey);
      else await codes.consumeCode('step_up', user.id, code);
      return markStepUp(session.id);
    },

    /** A ceremony for one of the user's passkeys, bound to this session. */
    async passkeyOptions(token: string | undefined) {
      const { session, user } = await sessions.requireSession(token);
      return secondFactor.passkeyOptions(user.id, 'step_up', session.id);
    },

    /** Proves the second factor for five minutes with a passkey's answer to this session's ceremony. */
    async confirmWithPasskey(token: string | undefined, answer: PasskeyAnswer) {
      const { session, user } = await sessions.requireSession(token);
      await secondFactor.verifyPasskey(user.id, 'step_up', session.id, answer);
      return markStepUp(session.id);
    },

    /** Refuses (403 `step_up_required`, saying how to prove it) unless this request's session proved a second factor in the last five minutes. */
    async require(request: FastifyRequest) {
      const { session, user } = await sessions.requireSession(bearerToken(request));
      if (session.stepUpAt && clock().getTime() - session.stepUpAt.getTime() <= STEP_UP_WINDOW_MS) return;
      const required = { totp: stepUpMessages.requiredApp, passkey: stepUpMessages.requiredPasskey, email: stepUpMessages.requiredEmail };
      throw new AppError('step_up_required', required[methodOf(await secondFactor.methods(user.id))]);
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
