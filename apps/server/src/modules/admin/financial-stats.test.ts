import type { FinancialStats } from '@mihna/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { contracts } from '../contracts/contracts.schema.ts';
import { users } from '../users/users.schema.ts';
import { bearer, createTestClock, createUser, type TestAccount } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { call, earn, expectLedgerSound, fundEscrow, hire, payCheckout, postFeaturedJob } from '../payments/test-payments.ts';
import { createEmployer } from '../proposals/test-jobs.ts';
import { adminToken, createSuperAdmin, type TestAdmin } from './test-admins.ts';

// 26 November 2026 in Dubai.
const clock = createTestClock(Date.parse('2026-11-26T08:00:00Z'));
let app: App;
let superAdmin: TestAdmin;
let employer: TestAccount;
let professional: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ clock: clock.now });
  superAdmin = await createSuperAdmin(app);
  employer = await createEmployer(app);
  professional = await createUser(app, { first_name: 'Hessa', last_name: 'Al Falasi' });
  // The database stamps accounts with its own clock; these joined on the test's day.
  await app.services.database.db.update(users).set({ createdAt: clock.now() });
});
afterAll(() => app.close());

const stats = async () => {
  const response = await app.inject({ method: 'GET', url: '/api/admin/financial-stats', headers: bearer(superAdmin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FinancialStats>();
};

describe('GET /api/admin/financial-stats', () => {
  it('starts from what is there: the people, no money, no success rate, twelve months to chart', async () => {
    const figures = await stats();
    expect(figures).toMatchObject({
      total_projects: 0,
      total_settlement_value: 0,
      featured_posts_income: 0,
      platform_commission: 0,
      currency: 'AED',
      by_currency: [],
      users: { total: 2, professionals: 1, employers: 1, active_professionals: 0, active_employers: 0 },
      success_rate: null,
    });
    expect(figures.monthly.map((row) => row.month)).toHaveLength(12);
    expect(figures.monthly.at(-1)).toEqual({ month: '2026-11', revenue: 0, new_users: 2 });
  });

  it('counts what was settled, the 2% commission and featured fees from the ledger, per currency and in AED', async () => {
    // AED 1,000 and 500 released; SAR 2,000 released; a featured fee of AED 20 paid; AED 800 held in escrow, not settled.
    await earn(app, employer, professional, [1000, 500]);
    await earn(app, employer, professional, [2000], undefined, { country: 'SA', region: 'riyadh', currency: 'SAR' });
    const featured = await postFeaturedJob(app, employer);
    await payCheckout(
      app,
      (await call(app, 'POST', `/api/jobs/${featured}/featured-payment/create`, employer.token)).json<{ checkout_url: string }>()
        .checkout_url,
    );
    const ongoing = await hire(app, employer, professional);
    await fundEscrow(app, employer, ongoing.id, [800]);
    // QAR 900 held in escrow and nothing more: no Qatari figures to show yet.
    const held = await hire(app, employer, professional, { country: 'QA', region: 'doha', currency: 'QAR' });
    await fundEscrow(app, employer, held.id, [900]);
    await expectLedgerSound(app);

    const figures = await stats();
    expect(figures.by_currency).toEqual([
      { currency: 'AED', total_settlement_value: 1500, featured_posts_income: 20, platform_commission: 30 },
      { currency: 'SAR', total_settlement_value: 2000, featured_posts_income: 0, platform_commission: 40 },
    ]);
    // SAR at the pegs: 2,000 SAR = 1,958.67 AED; 40 SAR = 39.17 AED.
    expect(figures.total_settlement_value).toBe(3458.67);
    expect(figures.platform_commission).toBe(69.17);
    expect(figures.featured_posts_income).toBe(20);
    expect(figures.total_projects).toBe(5);
    expect(figures.monthly.at(-1)).toMatchObject({ month: '2026-11', revenue: 89.17 });
    expect(figures.users).toMatchObject({ active_professionals: 1, active_employers: 1 });
  });

  it('gives the success rate of the contracts that ended, and charts each month on its own', async () => {
    // The two paid contracts completed; the two in escrow are cancelled here.
    await app.services.database.db.update(contracts).set({ status: 'cancelled' }).where(eq(contracts.status, 'active'));
    expect((await stats()).success_rate).toBe(50);
    clock.advance(10 * 86_400_000);
    // Ten days on, the admin signs in again: a session lasts a working day.
    expect((await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(superAdmin.token) })).statusCode).toBe(401);
    superAdmin = { ...superAdmin, token: await adminToken(app, superAdmin.email) };
    // Someone joins on 6 December.
    const joined = await createUser(app);
    await app.services.database.db.update(users).set({ createdAt: clock.now() }).where(eq(users.id, joined.user.id));
    await earn(app, employer, professional, [100]);
    const december = await stats();
    expect(december.success_rate).toBe(60);
    expect(december.monthly.at(-1)).toEqual({ month: '2026-12', revenue: 2, new_users: 1 });
    expect(december.monthly.at(-2)).toMatchObject({ month: '2026-11', revenue: 89.17 });
  });
});
