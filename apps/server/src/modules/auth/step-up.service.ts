import { stepUpMessages } from '@mihna/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearerToken } from '../../plugins/request-identity.ts';
import type { DeliveryService } from '../delivery/index.ts';
import type { CodesService } from './codes.service.ts';
import type { SecondFactorCheck } from './login.service.ts';
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

  return {
    /** Whether this session may act now, until when, and how it proves itself otherwise. */
    async status(token: string | undefined) {
      const { session, user } = await sessions.requireSession(token);
      const until = session.stepUpAt ? new Date(session.stepUpAt.getTime() + STEP_UP_WINDOW_MS) : null;
      return {
        method: (await secondFactor.isEnrolled(user.id)) ? ('totp' as const) : ('email' as const),
        confirmed_until: until && until > clock() ? until.toISOString() : null,
      };
    },

    /** Sends the 6-digit code to the e-mail of an account without an authenticator app (one a minute). */
    async sendCode(token: string | undefined) {
      const { user } = await sessions.requireSession(token);
      if (await secondFactor.isEnrolled(user.id)) throw new AppError('conflict', stepUpMessages.useApp);
      await transaction(db, (tx) => codes.issueCode({ purpose: 'step_up', subjectId: user.id, channel: 'email', to: user.email }, tx));
      void delivery.dispatchSoon();
      return { message: stepUpMessages.codeSent };
    },

    /** Proves the second factor for five minutes: a code of the app (or a recovery code), or the e-mailed code. */
    async confirm(token: string | undefined, code: string) {
      const { session, user } = await sessions.requireSession(token);
      if (await secondFactor.isEnrolled(user.id)) await secondFactor.verify(user.id, code);
      else await codes.consumeCode('step_up', user.id, code);
      await sessions.markStepUp(session.id);
      return { confirmed_until: new Date(clock().getTime() + STEP_UP_WINDOW_MS).toISOString() };
    },

    /** Refuses (403 `step_up_required`, saying how to prove it) unless this request's session proved a second factor in the last five minutes. */
    async require(request: FastifyRequest) {
      const { session, user } = await sessions.requireSession(bearerToken(request));
      if (session.stepUpAt && clock().getTime() - session.stepUpAt.getTime() <= STEP_UP_WINDOW_MS) return;
      const isEnrolled = await secondFactor.isEnrolled(user.id);
      throw new AppError('step_up_required', isEnrolled ? stepUpMessages.requiredApp : stepUpMessages.requiredEmail);
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUpService>;
