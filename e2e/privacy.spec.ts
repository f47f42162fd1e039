import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { confirmStepUpByEmail, registerUser, signIn } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`data rights in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a user downloads a copy of their data, told by the bell, then deletes their account after step-up${phoneInArabic(language)}`, async ({
      page,
      request,
    }) => {
      const text = textsIn(language);
      const account = await registerUser(request);
      await useLanguage(page, language);
      await signIn(page, account);
      await page.goto('/settings/security');

      const data = page.getByRole('region', { name: text('security', 'data.title') });
      await data.getByRole('button', { name: text('security', 'data.request') }).click();
      // Made in the background; the page looks again until it is ready.
      const download = data.getByRole('button', { name: text('security', 'data.download') });
      await expect(download).toBeVisible({ timeout: 20_000 });
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toMatch(/^mihna-data-\d{4}-\d{2}-\d{2}\.json$/);
      const archive = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as { format: string; account: { email: string } };
      expect(archive).toMatchObject({ format: 'mihna-data-export/1', account: { email: account.email } });
      // The bell has it too (and the e-mail, which the API's tests read).
      const bell = await request.get('/api/notifications', { headers: { authorization: `Bearer ${account.token}` } });
      expect(((await bell.json()) as { notifications: { kind: string }[] }).notifications.map((each) => each.kind)).toContain(
        'data_export_ready',
      );

      // Deleting the account asks first, then for a second factor (a code e-mailed to this account).
      const remove = page.getByRole('region', { name: text('security', 'delete.title') });
      await remove.getByRole('button', { name: text('security', 'delete.button') }).click();
      await page
        .getByRole('dialog', { name: text('security', 'delete.confirm_title') })
        .getByRole('button', { name: text('security', 'delete.confirm') })
        .click();
      await confirmStepUpByEmail(page, request, account.email, language);
      await expect(page).toHaveURL(/\/$/);
      expect((await request.get('/api/users/me', { headers: { authorization: `Bearer ${account.token}` } })).status()).toBe(401);
    });
  });
}
