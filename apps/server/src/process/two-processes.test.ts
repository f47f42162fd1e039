import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobInput } from '../modules/jobs/test-jobs.ts';
import { uniqueEmail } from '../test/accounts.ts';
import { call, createProcessDatabase, freePort, registerOverHttp, startServer, type ServerProcess } from '../test/server-process.ts';

// Two processes need a PostgreSQL server: this file runs in the API suite's PostgreSQL run (npm test
// runs that suite once on PGlite and once with TEST_DATABASE_URL), so it runs once per `npm test`.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('two server processes on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof createProcessDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const superAdmin = 'console.owner@mihna.test';
  /** Alternates between the processes, as a round-robin load balancer would. */
  const either = (index: number) => (index % 2 === 0 ? a : b).url;

  beforeAll(async () => {
    database = await createProcessDatabase(serverUrl!);
    // Both start at once on the empty database: both run the migrations and the seed, which makes the super admin.
    const env = { ADMIN_EMAIL: superAdmin, ADMIN_PASSWORD: 'Console2025pass' };
    [a, b] = await Promise.all([freePort(), freePort()]).then(([portA, portB]) => [
      startServer({ port: portA, databaseUrl: database.url, env }),
      startServer({ port: portB, databaseUrl: database.url, env }),
    ]);
    await Promise.all([a.ready, b.ready]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
    await database?.drop();
  });

  it('started both on an empty database at once, and both answer from it, with one super admin made between them', async () => {
    for (const server of [a, b]) {
      const ready = await call(server.url, 'GET', '/readyz');
      expect(ready).toEqual({ status: 200, body: { status: 'ready', database: 'postgres' } });
    }
    const admins = await database.query<{ role: string }>(`select role from admins where email = $1`, [superAdmin]);
    expect(admins).toEqual([{ role: 'super_admin' }]);
  });

  it('holds the captcha and lock thresholds exactly across both: 50 parallel wrong passwords give exactly 3 checks', async () => {
    const { email, password } = await registerOverHttp(a.url, {}, { completeAt: b.url });
    const login = (index: number, body: Record<string, unknown>) =>
      call<{ detail: string }>(either(index), 'POST', '/api/auth/enhanced-login', { body: { email, login_method: 'password', ...body } });

    const wrong = await Promise.all(Array.from({ length: 50 }, (_, index) => login(index, { password: 'Wrong2025pass' })));
    const statuses = wrong.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    const checks = await database.query<{ count: string }>(
      `select count(*) from login_events where lower(email) = lower($1) and success = false`,
      [email],
    );
    expect(Number(checks[0]?.count)).toBe(3);
    for (const server of [a, b]) {
      const status = await call(server.url, 'GET', `/api/auth/login-status/${email}`);
      expect(status.body).toEqual({ requires_captcha: true, is_locked: false, locked_minutes: 0 });
    }

    // With a solved captcha each, 10 parallel wrong passwords: the 4th check is refused (401), the 5th locks (423), the rest wait out the lock.
    const solveCaptcha = async (index: number) => {
      const challenge = await call<{ captcha_id: string; question: string }>(either(index + 1), 'GET', '/api/auth/captcha');
      const [left = 0, right = 0] = challenge.body.question.match(/\d+/g)!.map(Number);
      const verified = await call<{ captcha_token: string }>(either(index), 'POST', '/api/auth/captcha/verify', {
        body: { captcha_id: challenge.body.captcha_id, answer: left + right },
      });
      return verified.body.captcha_token;
    };
    const withCaptcha = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => login(index, { password: 'Wrong2025pass', captcha_token: await solveCaptcha(index) })),
    );
    const captchaStatuses = withCaptcha.map((response) => response.status);
    expect(captchaStatuses.filter((status) => status === 401)).toHaveLength(1);
    expect(captchaStatuses.filter((status) => status === 423)).toHaveLength(9);
    const allChecks = await database.query<{ count: string }>(`select count(*) from login_events where lower(email) = lower($1)`, [email]);
    expect(Number(allChecks[0]?.count)).toBe(5);

    // Locked on both: even the right password waits.
    for (const [index, server] of [a, b].entries()) {
      const right = await call<{ detail: string }>(server.url, 'POST', '/api/auth/enhanced-login', {
        body: { email, login_method: 'password', password, captcha_token: await solveCaptcha(index) },
      });
      expect(right.status).toBe(423);
      expect(right.body.detail).toContain('You can try again in 30 minutes.');
    }
  });

  it('shares rate limits: a per-connection limit and a per-address wait count across both', async () => {
    // The newsletter allows 10 subscriptions an hour per connection; 20 in parallel, split across both.
    const subscriptions = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        call(either(index), 'POST', '/api/newsletter/subscribe', { body: { email: uniqueEmail('reader'), language: 'en' } }),
      ),
    );
    const statuses = subscriptions.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    for (const server of [a, b]) {
      expect((await call(server.url, 'POST', '/api/newsletter/subscribe', { body: { email: uniqueEmail('late') } })).status).toBe(429);
    }

    // One login code a minute per address: asked through one process, the other makes the same address wait.
    const address = uniqueEmail('ghost');
    const first = await call(a.url, 'POST', '/api/auth/send-login-code?method=email', { body: { email: address } });
    expect(first.status).toBe(200);
    const second = await call<{ detail: string }>(b.url, 'POST', '/api/auth/send-login-code?method=email', { body: { email: address } });
    expect(second.status).toBe(429);
    expect(second.body.detail).toBe('Please wait 60 seconds before requesting a new code.');
  });

  it('reads through one process the notification written through the other, and the project posted there', async () => {
    const employer = await registerOverHttp(b.url, {
      role: 'employer',
      first_name: 'Omar',
      last_name: 'Al Mansoori',
      company_name: 'Falcon Tech',
    });
    const professional = await registerOverHttp(a.url, { first_name: 'Hessa', last_name: 'Al Falasi' });
    const posted = await call<{ id: string }>(b.url, 'POST', '/api/jobs', {
      token: employer.token,
      body: jobInput({ title: 'Bilingual booking site for a Dubai clinic' }),
    });
    expect(posted.status).toBe(201);
    const seen = await call<{ title: string }>(a.url, 'GET', `/api/jobs/${posted.body.id}`, { token: professional.token });
    expect(seen.body.title).toBe('Bilingual booking site for a Dubai clinic');

    const before = await call<{ unread_count: number }>(b.url, 'GET', '/api/notifications', { token: employer.token });
    expect(before.body.unread_count).toBe(0);
    const proposed = await call(a.url, 'POST', '/api/proposals', {
      token: professional.token,
      body: { job_id: posted.body.id, proposal_text: 'I built two clinic booking sites in Dubai.', proposed_rate: 85, estimated_hours: 40 },
    });
    expect(proposed.status).toBe(201);

    const after = await call<{ unread_count: number; notifications: { kind: string; message: string }[] }>(
      b.url,
      'GET',
      '/api/notifications',
      {
        token: employer.token,
      },
    );
    expect(after.body.unread_count).toBe(1);
    expect(after.body.notifications[0]).toMatchObject({
      kind: 'proposal_received',
      message: '\u2068Hessa Al Falasi\u2069 sent a proposal for "\u2068Bilingual booking site for a Dubai clinic\u2069".',
    });
  });

  it('refuses on one process a session logged out on the other', async () => {
    const { email, password } = await registerOverHttp(b.url);
    const loggedIn = await call<{ access_token: string }>(a.url, 'POST', '/api/auth/enhanced-login', {
      body: { email, login_method: 'password', password },
    });
    expect(loggedIn.status).toBe(200);
    const token = loggedIn.body.access_token;
    expect((await call(b.url, 'GET', '/api/users/me', { token })).status).toBe(200);

    expect((await call(a.url, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/users/me', { token })).status).toBe(401);
    expect((await call(a.url, 'GET', '/api/users/me', { token })).status).toBe(401);
  });
});
