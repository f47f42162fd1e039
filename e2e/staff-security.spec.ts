import { expect, test } from './fixtures.ts';
import { consoleSignIn, consoleToken, uniqueWord } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

// Staff's two-step verification: a new admin's first console login opens nothing but the setting up
// of an authenticator app; its next login asks for a code; a super admin resets it with a reason.

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`staff two-step verification in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a new admin must set up an authenticator app before the console opens, and a super admin resets it${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const superToken = await consoleToken(request);
      const email = `${uniqueWord('staff')}@mihna.ae`;
      const created = await request.post('/api/admin/users', {
        headers: { authorization: `Bearer ${superToken}` },
        data: { email, password: 'moderate-2026', first_name: 'Hind', last_name: 'Al Marri', role: 'moderator' },
      });
      expect(created.ok(), await created.text()).toBe(true);
      const { admin } = (await created.json()) as { admin: { id: string } };
      await useLanguage(page, language);

      // The first login: the setting up, in the page's language, before anything of the console.
      await page.goto('/admin');
      await page.getByLabel(text('admin', 'login.email')).fill(email);
      await page.getByLabel(text('admin', 'login.password')).fill('moderate-2026');
      await page.getByRole('button', { name: text('admin', 'login.submit') }).click();
      await expect(page.getByRole('heading', { level: 1, name: text('admin', 'second_factor_setup.title') })).toBeVisible();
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('img', { name: text('security', 'totp.qr_alt') })).toBeVisible();
      await page.getByRole('button', { name: text('admin', 'header.logout') }).click();

      // Signing in again sets it up (consoleSignIn reads the key the page shows), and the console opens.
      const secret = await consoleSignIn(page, text, email, 'moderate-2026', undefined);
      await expect(page.getByRole('tab').first()).toBeVisible();
      await page.getByRole('button', { name: text('admin', 'header.logout') }).click();
      // The next login asks for a code of the app.
      await consoleSignIn(page, text, email, 'moderate-2026', secret);
      const session = await page.evaluate(() => localStorage.getItem('admin_token'));

      // The super admin resets it with a reason, from the Admins tab; the admin's session ends.
      await page.evaluate((token) => localStorage.setItem('admin_token', token), superToken);
      await page.goto('/admin?tab=admins');
      const row = page.getByRole('row').filter({ hasText: email });
      await expect(row.getByText(text('admin', 'admins.second_factor_on'), { exact: true })).toBeVisible();
      await row.getByRole('button', { name: text('admin', 'admins.second_factor_reset') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: text('admin', 'admins.second_factor_reset') }).click();
      await expect(dialog.getByText(text('admin', 'users.reason_required'))).toBeVisible();
      await dialog.getByLabel(text('admin', 'users.reason')).fill(language === 'en' ? 'Lost her phone' : 'فقدت هاتفها');
      await dialog.getByRole('button', { name: text('admin', 'admins.second_factor_reset') }).click();
      await expect(page.getByText(text('admin', 'admins.second_factor_reset_done', { name: 'Hind Al Marri' }))).toBeVisible();
      await expect(row.getByText(text('admin', 'admins.second_factor_off'), { exact: true })).toBeVisible();
      const ended = await request.get('/api/admin/me', { headers: { authorization: `Bearer ${session}` } });
      expect(ended.status()).toBe(401);
      const audit = await request.get(`/api/admin/audit-log?search=${admin.id}`, { headers: { authorization: `Bearer ${superToken}` } });
      const entries = ((await audit.json()) as { entries: { action: string; reason: string | null }[] }).entries;
      expect(entries.find((entry) => entry.action === 'admin.second_factor_reset')?.reason).toBe(
        language === 'en' ? 'Lost her phone' : 'فقدت هاتفها',
      );
    });
  });
}
