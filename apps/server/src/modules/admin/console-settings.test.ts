import { defaultSiteSettings, type SiteSettings } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { bearer } from '../../test/accounts.ts';
import { createTestApp, selectRows } from '../../test/harness.ts';
import { createAdmin, createSuperAdmin, type TestAdmin } from './test-admins.ts';

let app: App;
let superAdmin: TestAdmin;

beforeAll(async () => {
  app = await createTestApp();
  superAdmin = await createSuperAdmin(app);
});
afterAll(() => app.close());

const publicSettings = async () => (await app.inject({ method: 'GET', url: '/api/public/interface-settings' })).json<SiteSettings>();
const save = (token: string, settings: unknown) =>
  app.inject({ method: 'PUT', url: '/api/admin/interface-settings', headers: bearer(token), payload: settings as object });

describe('the interface settings in the console', () => {
  it('reads them, and a save changes what the public site reads at once, audited before and after', async () => {
    const read = await app.inject({ method: 'GET', url: '/api/admin/interface-settings', headers: bearer(superAdmin.token) });
    expect(read.json()).toEqual(defaultSiteSettings);
    const next = { ...defaultSiteSettings, site_slogan: 'Work that moves the Gulf', twitter_url: 'https://x.com/mihna' };
    const saved = await save(superAdmin.token, next);
    expect(saved.json()).toEqual({ updated: true });
    expect(await publicSettings()).toMatchObject({ site_slogan: 'Work that moves the Gulf', twitter_url: 'https://x.com/mihna' });
    const [entry] = await selectRows<{ action: string; before: SiteSettings; after: SiteSettings; admin_email: string }>(
      app.services.database,
      sql`select action, before, after, admin_email from admin_audit_log where target_type = 'site_settings' order by created_at desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'settings.updated', admin_email: superAdmin.email });
    expect(entry?.before.site_slogan).toBe(defaultSiteSettings.site_slogan);
    expect(entry?.after.site_slogan).toBe('Work that moves the Gulf');
  });

  it('refuses bad fields in the catalogue’s words, links that would run script included, and changes nothing', async () => {
    const before = await publicSettings();
    const refused = await save(superAdmin.token, {
      ...before,
      contact_email: 'not-an-address',
      facebook_url: 'javascript:alert(1)',
      terms_url: 'javascript:alert(1)',
      quick_links: [{ name: 'Elsewhere', url: '//evil.example' }],
      logo_url: 'data:image/svg+xml,<svg onload=alert(1)>',
    });
    expect(refused.statusCode).toBe(422);
    const fields = refused
      .json<{ detail: { loc: (string | number)[]; msg: string }[] }>()
      .detail.map((issue) => [issue.loc.slice(1).join('.'), issue.msg]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['contact_email', 'Please enter a valid email address'],
        ['facebook_url', expect.any(String)],
        ['terms_url', 'Invalid format'],
        ['quick_links.0.url', 'Invalid format'],
        ['logo_url', expect.any(String)],
      ]),
    );
    expect(await publicSettings()).toEqual(before);
  });

  it('is for admins who manage content: an admin may, support staff may not', async () => {
    const admin = await createAdmin(app, superAdmin, 'admin');
    const support = await createAdmin(app, superAdmin, 'support_staff');
    const settings = await publicSettings();
    expect((await save(admin.token, { ...settings, site_slogan: 'Edited by an admin' })).statusCode).toBe(200);
    expect((await save(support.token, { ...settings, site_slogan: 'Edited by support' })).statusCode).toBe(403);
    expect((await publicSettings()).site_slogan).toBe('Edited by an admin');
  });
});
