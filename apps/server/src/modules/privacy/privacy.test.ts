import { privacyMessages, stepUpMessages } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer, createUser, outboxFor, type TestAccount } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { stepUp, usablePayoutMethod } from '../../test/payout-methods.ts';
import { call, earn, hire } from '../payments/test-payments.ts';
import { createEmployer, insertJob } from '../proposals/test-jobs.ts';

let app: App;
/** How far the app's clock runs ahead, for a download past its seven days. */
let ahead = 0;
beforeAll(async () => {
  app = await createTestApp({ clock: () => new Date(Date.now() + ahead) });
});
afterAll(() => app.close());

interface DataExport {
  id: string;
  status: string;
  expires_at: string | null;
}

async function exports(account: TestAccount) {
  return (await call(app, 'GET', '/api/account/data-exports', account.token)).json<{ data_exports: DataExport[] }>().data_exports;
}

/** The export the background made (the request starts it; the minute's task would too). */
async function readyExport(account: TestAccount) {
  for (let wait = 0; wait < 100; wait += 1) {
    const [latest] = await exports(account);
    if (latest?.status === 'ready') return latest;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export was never made');
}

const auditOf = (userId: string) =>
  selectRows<{ action: string; admin_id: string | null; target_id: string }>(
    app.services.database,
    sql`select action, admin_id, target_id from admin_audit_log where target_id = ${userId} order by created_at`,
  );

describe('download my data', () => {
  it('makes one JSON archive of everything of theirs, announced by e-mail and the bell, for its owner only, for seven days', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app, { bio: 'Solar installer in Sharjah, ten years on rooftops.' });
    const job = await insertJob(app, employer.user.id, { title: 'Rooftop solar survey for a villa in Al Khan' });
    const proposed = await call(app, 'POST', '/api/proposals', professional.token, {
      job_id: job.id,
      proposal_text: 'I can survey the roof this week and size the panels.',
      proposed_rate: 2500,
      estimated_hours: null,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);

    const requested = await call(app, 'POST', '/api/account/data-exports', professional.token);
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ message: privacyMessages.exportRequested, data_export: { status: 'pending' } });
    const ready = await readyExport(professional);
    // One at a time: a second request while one is being made is refused (this one is made by now, so another is taken).
    expect((await call(app, 'POST', '/api/account/data-exports', professional.token)).statusCode).toBe(202);

    const download = await call(app, 'GET', `/api/account/data-exports/${ready.id}/download`, professional.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('application/json');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="mihna-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const archive = download.json<Record<string, unknown>>();
    expect(archive).toMatchObject({
      format: 'mihna-data-export/1',
      account: { id: professional.user.id, email: professional.user.email, bio: 'Solar installer in Sharjah, ten years on rooftops.' },
      proposals: [expect.objectContaining({ job_id: job.id, proposal_text: 'I can survey the roof this week and size the panels.' })],
      sessions: expect.arrayContaining([expect.objectContaining({ ip_address: expect.any(String) })]),
    });
    for (const section of [
      'projects',
      'contracts',
      'milestones',
      'time_entries',
      'timesheets',
      'messages',
      'reviews_given',
      'reviews_received',
      'tax_invoices',
      'payouts',
      'consents',
    ])
      expect(archive[section], section).toEqual(expect.any(Array));
    // Nothing secret: the password's hash and the sessions' token hashes stay out.
    const [secrets] = await selectRows<{ password_hash: string }>(
      app.services.database,
      sql`select password_hash from users where id = ${professional.user.id}`,
    );
    const tokens = await selectRows<{ token_hash: string }>(
      app.services.database,
      sql`select token_hash from sessions where user_id = ${professional.user.id}`,
    );
    expect(download.body).not.toContain(secrets!.password_hash);
    for (const { token_hash } of tokens) expect(download.body).not.toContain(token_hash);
    expect(archive.account).not.toHaveProperty('password_hash');

    // Announced by the bell and by e-mail.
    const bell = (await call(app, 'GET', '/api/notifications', professional.token)).json<{
      notifications: { kind: string; link: string }[];
    }>();
    expect(bell.notifications).toContainEqual(expect.objectContaining({ kind: 'data_export_ready', link: '/settings/security#data' }));
    expect((await outboxFor(app, professional.user.email)).some((message) => /Your data is ready/.test(message.subject ?? ''))).toBe(true);

    // Another user, or nobody, cannot read it; an unknown id is not found.
    expect((await call(app, 'GET', `/api/account/data-exports/${ready.id}/download`, employer.token)).json()).toEqual({
      detail: privacyMessages.exportNotFound,
      code: 'not_found',
    });
    expect((await app.inject({ method: 'GET', url: `/api/account/data-exports/${ready.id}/download` })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/account/data-exports/not-an-id/download', professional.token)).statusCode).toBe(404);
    expect(await exports(employer)).toEqual([]);

    // Eight days on, the link has expired.
    ahead = 8 * 24 * 3_600_000;
    try {
      expect((await call(app, 'GET', `/api/account/data-exports/${ready.id}/download`, professional.token)).json()).toEqual({
        detail: privacyMessages.exportExpired,
        code: 'not_found',
      });
      expect((await exports(professional)).find((each) => each.id === ready.id)).toMatchObject({ status: 'expired' });
    } finally {
      ahead = 0;
    }
    expect((await auditOf(professional.user.id)).map((entry) => [entry.action, entry.admin_id])).toContainEqual([
      'user.data_export_requested',
      null,
    ]);
  });

  it('refuses a second request while one is being made', async () => {
    const account = await createUser(app);
    await app.services.database.db.execute(sql`insert into data_exports (user_id, attempted_at) values (${account.user.id}, now())`);
    expect((await call(app, 'POST', '/api/account/data-exports', account.token)).json()).toEqual({
      detail: privacyMessages.exportPending,
      code: 'conflict',
    });
  });
});

describe('delete my account', () => {
  it('needs step-up, and is refused while a contract is in progress or money is still theirs', async () => {
    const employer = await createEmployer(app);
    const professional = await createUser(app);
    expect((await call(app, 'DELETE', '/api/account', professional.token)).json()).toEqual({
      detail: stepUpMessages.requiredEmail,
      code: 'step_up_required',
    });
    expect((await app.inject({ method: 'DELETE', url: '/api/account' })).statusCode).toBe(401);

    await hire(app, employer, professional);
    await stepUp(app, professional.token, professional.user.email);
    expect((await call(app, 'DELETE', '/api/account', professional.token)).json()).toEqual({
      detail: privacyMessages.deleteActiveContract,
      code: 'conflict',
    });
    await stepUp(app, employer.token, employer.user.email);
    expect((await call(app, 'DELETE', '/api/account', employer.token)).json()).toEqual({
      detail: privacyMessages.deleteActiveContract,
      code: 'conflict',
    });

    // Paid and done, the professional has a balance: refused until it is paid out.
    const earner = await createUser(app);
    const payer = await createEmployer(app);
    await earn(app, payer, earner, [1200]);
    await app.services.database.db.execute(sql`update contracts set status = 'completed' where professional_id = ${earner.user.id}`);
    await stepUp(app, earner.token, earner.user.email);
    expect((await call(app, 'DELETE', '/api/account', earner.token)).json()).toEqual({
      detail: privacyMessages.deleteMoneyLeft,
      code: 'conflict',
    });
    expect((await call(app, 'GET', '/api/users/me', earner.token)).statusCode).toBe(200);
  });

  it('anonymises the account, removes its picture, ends its sessions and writes the audit log; the records stay', async () => {
    const account = await createUser(app, { bio: 'Interior designer, Abu Dhabi.' });
    await app.services.database.db.execute(
      sql`insert into media_files (id, owner_user_id, content_type, bytes, byte_size, width, height) values (gen_random_uuid(), ${account.user.id}, 'image/webp', '\\x00', 1, 1, 1)`,
    );
    const [picture] = await selectRows<{ id: string }>(
      app.services.database,
      sql`select id from media_files where owner_user_id = ${account.user.id}`,
    );
    await app.services.database.db.execute(sql`update users set profile_picture_id = ${picture!.id} where id = ${account.user.id}`);
    await stepUp(app, account.token, account.user.email);
    // What other modules keep of the person: a verified identity, a passkey, a saved bank account, the newsletter.
    await app.services.database.db.execute(
      sql`insert into identity_links (user_id, provider, subject, national_id_hash, full_name_en, verified_at) values (${account.user.id}, 'uae_pass', ${`sub-${account.user.id}`}, ${`hash-${account.user.id}`}, 'Noura Al Hashimi', now())`,
    );
    await app.services.database.db.execute(
      sql`insert into passkeys (user_id, credential_id, public_key, device_type, name) values (${account.user.id}, ${`cred-${account.user.id}`}, 'key', 'multiDevice', 'Phone')`,
    );
    await app.services.database.db.execute(
      sql`insert into newsletter_subscriptions (email, language) values (${account.user.email}, 'en')`,
    );
    const methodId = await usablePayoutMethod(app, account.user.id);
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: account.user.email, login_method: 'password', password: account.password },
    });
    const otherToken = other.json<{ access_token: string }>().access_token;

    const deleted = await call(app, 'DELETE', '/api/account', account.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ message: privacyMessages.deleted });

    for (const token of [account.token, otherToken])
      expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(401);
    const [row] = await selectRows<{
      email: string;
      first_name: string;
      bio: string | null;
      deleted_at: string | null;
      profile_picture_id: string | null;
    }>(app.services.database, sql`select email, first_name, bio, deleted_at, profile_picture_id from users where id = ${account.user.id}`);
    expect(row).toMatchObject({ email: `deleted-${account.user.id}@deleted.invalid`, bio: null, profile_picture_id: null });
    expect(row!.deleted_at).not.toBeNull();
    expect(await selectRows(app.services.database, sql`select id from media_files where id = ${picture!.id}`)).toEqual([]);
    expect((await auditOf(account.user.id)).map((entry) => [entry.action, entry.admin_id])).toEqual([['user.self_deleted', null]]);
    for (const query of [
      sql`select id from identity_links where user_id = ${account.user.id}`,
      sql`select id from passkeys where user_id = ${account.user.id}`,
      sql`select id from newsletter_subscriptions where email = ${account.user.email}`,
    ])
      expect(await selectRows(app.services.database, query)).toEqual([]);
    const [method] = await selectRows<{ iban_sealed: string; account_holder: string; removed_at: string | null }>(
      app.services.database,
      sql`select iban_sealed, account_holder, removed_at from payout_methods where id = ${methodId}`,
    );
    expect(method).toMatchObject({ iban_sealed: '', account_holder: 'Deleted user' });
    expect(method!.removed_at).not.toBeNull();
    // Signing in again is refused.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: account.user.email, login_method: 'password', password: account.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
