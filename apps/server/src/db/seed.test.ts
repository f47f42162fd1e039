import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { seedDatabase } from './seed.ts';

describe('seedDatabase with demo content', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('creates a professional and an employer with pictures who can log in, once', async () => {
    const first = await seedDatabase(app, { demo: true, canDeliverLocally: true });
    expect(first?.created).toHaveLength(2);
    const second = await seedDatabase(app, { demo: true, canDeliverLocally: true });
    expect(second?.created).toEqual([]);

    for (const account of first?.accounts ?? []) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/enhanced-login',
        payload: { email: account.email, password: first?.password },
      });
      expect(login.statusCode).toBe(200);
      const user = login.json().user;
      expect(user.role).toBe(account.role);
      expect(user.profile_picture).toMatch(/^\/media\/.+\.webp$/);
      expect((await app.inject({ method: 'GET', url: user.profile_picture })).statusCode).toBe(200);
    }
    // The console's demo super admin signs in with the same password (ADMIN_EMAIL names no other here).
    expect(first?.superAdmin).toBe('admin@demo.mihna.ae');
    const admin = await app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: first?.superAdmin, password: first?.password },
    });
    expect(admin.statusCode).toBe(200);
    const professional = (await app.services.users.findUserByEmail('layla.haddad@demo.mihna.ae'))!;
    expect(professional.skills).toContain('Figma');
  });

  it('makes no demo accounts where codes would go out by real e-mail', async () => {
    expect(await seedDatabase(app, { demo: true, canDeliverLocally: false })).toBeUndefined();
  });
});
