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

    // Conversations in both languages, dated in the past, once; the employer has the professional's last message unread.
    expect(first?.talk.conversations).toBe(3);
    expect(second?.talk.conversations).toBe(0);
    const omar = await app.inject({
      method: 'POST',
      url: '/api/auth/enhanced-login',
      payload: { email: 'omar.almansoori@demo.mihna.ae', password: first?.password },
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/conversations',
      headers: { authorization: `Bearer ${omar.json().access_token}` },
    });
    const conversations = list.json().conversations as {
      other: { name: string };
      unread_count: number;
      last_message: { created_at: string };
    }[];
    expect(conversations).toHaveLength(2);
    expect(conversations[0]).toMatchObject({ other: { name: 'Layla Haddad' }, unread_count: 1 });
    expect(Date.parse(conversations[1]!.last_message.created_at)).toBeLessThan(Date.now() - 86_400_000);
  });

  it('makes no demo accounts where codes would go out by real e-mail', async () => {
    expect(await seedDatabase(app, { demo: true, canDeliverLocally: false })).toBeUndefined();
  });
});
