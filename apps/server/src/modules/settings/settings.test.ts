import { defaultSiteSettings } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

describe('GET /api/public/interface-settings', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers every site-settings field with the defaults, without login', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/public/interface-settings' });
    expect(response.statusCode).toBe(200);
    const settings = response.json();
    expect(settings).toEqual(defaultSiteSettings);
    expect(settings).toMatchObject({
      primary_color: '#3B82F6',
      secondary_color: '#10B981',
      accent_color: '#F59E0B',
      hero_title: 'Connect. Collaborate. Create.',
      site_slogan: 'Professionals. Hourly.',
      terms_url: '/terms',
      privacy_url: '/privacy',
    });
    expect(settings.quick_links.map((link: { url: string }) => link.url)).toEqual([
      '/how-it-works',
      '/professionals',
      '/employers',
      '/support',
    ]);
    expect(Object.keys(settings)).toHaveLength(25);
  });

  it('reads the stored row, so a change in the database is what visitors get', async () => {
    await app.services.database.db.execute(
      sql`update site_settings set settings = settings || '{"site_name": "Mihna Gulf", "linkedin_url": "https://www.linkedin.com/company/mihna"}'::jsonb`,
    );
    const settings = (await app.inject({ method: 'GET', url: '/api/public/interface-settings' })).json();
    expect(settings.site_name).toBe('Mihna Gulf');
    expect(settings.linkedin_url).toBe('https://www.linkedin.com/company/mihna');
    expect(settings.hero_title).toBe(defaultSiteSettings.hero_title);
  });

  it('fills a field missing from an older stored row with its default', async () => {
    await app.services.database.db.execute(sql`update site_settings set settings = settings - 'youtube_url' - 'accent_color'`);
    const settings = (await app.inject({ method: 'GET', url: '/api/public/interface-settings' })).json();
    expect(settings.youtube_url).toBe('');
    expect(settings.accent_color).toBe('#F59E0B');
  });

  it('is seeded once: seeding again keeps what is stored', async () => {
    await app.services.settings.ensureSettings();
    const settings = (await app.inject({ method: 'GET', url: '/api/public/interface-settings' })).json();
    expect(settings.site_name).toBe('Mihna Gulf');
  });
});
