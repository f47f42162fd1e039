import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import { bearer, readLatestCode } from './accounts.ts';

export const UAE_IBAN = 'AE070331234567890123456';

/**
 * A payout method saved through the service (the route's step-up is the routes' tests' business)
 * and aged past its 24 hours' wait by the app's clock, as one saved yesterday: its id.
 */
export async function usablePayoutMethod(app: App, professionalId: string, iban = UAE_IBAN, accountHolder = 'Mariam Al Ketbi') {
  const { payout_method } = await app.services.payoutMethods.add(
    { id: professionalId, role: 'professional' },
    { iban, account_holder: accountHolder },
  );
  const yesterday = new Date(app.services.clock().getTime() - 25 * 3_600_000);
  await app.services.database.db.execute(
    sql`update payout_methods set usable_from = ${yesterday.toISOString()}::timestamptz, created_at = ${yesterday.toISOString()}::timestamptz where id = ${payout_method.id}`,
  );
  return payout_method.id;
}

/** Step-up for the session of `token` of an account without an authenticator app: the code e-mailed to `email`. */
export async function stepUp(app: App, token: string, email: string) {
  const sent = await app.inject({ method: 'POST', url: '/api/account/step-up/code', headers: bearer(token) });
  expect(sent.statusCode, sent.body).toBe(200);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/account/step-up',
    headers: bearer(token),
    payload: { code: await readLatestCode(app, email) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
