import { Secret, TOTP } from 'otpauth';
import { expect, serverUrl, test } from './fixtures.ts';
import { confirmStepUpByEmail, registerUser, signIn } from './marketplace.ts';
import { phoneInArabic, serverMessageIn, textsIn, useLanguage, type Language } from './texts.ts';

/** The code an authenticator app shows for the key, `stepsAhead` periods of 30 s from now. */
const appCode = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, '')) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`two-step verification in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a user sets up an authenticator app, keeps the recovery codes, and then signs in with a code from it${phoneInArabic(language)}`, async ({
      page,
      browser,
      request,
    }) => {
      const text = textsIn(language);
      const password = 'Marketplace2026';
      const account = await registerUser(request, { password, confirm_password: password });
      await useLanguage(page, language);
      await signIn(page, account);
      await page.goto('/settings/security');
      await expect(page.getByRole('heading', { level: 1, name: text('security', 'title') })).toBeVisible();
      await expect(page.getByText(text('security', 'totp.off'))).toBeVisible();

      // Setting up an app asks first for a code e-mailed to the account (step-up).
      await page.getByRole('button', { name: text('security', 'totp.set_up') }).click();
      await confirmStepUpByEmail(page, request, account.email, language);
      await expect(page.getByRole('img', { name: text('security', 'totp.qr_alt') })).toBeVisible();
      const key = await page.locator('code').innerText();
      await page.getByLabel(text('security', 'totp.first_code')).fill('000000');
      await page.getByRole('button', { name: text('security', 'totp.confirm') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await page.getByLabel(text('security', 'totp.first_code')).fill(appCode(key));
      await page.getByRole('button', { name: text('security', 'totp.confirm') }).click();
      await expect(page.getByText(text('security', 'recovery.enabled'))).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: /^[A-Z2-9]{5}-[A-Z2-9]{5}$/ })).toHaveCount(10);
      await page.getByRole('button', { name: text('security', 'recovery.saved') }).click();
      await expect(page.getByRole('button', { name: text('security', 'totp.disable') })).toBeVisible();

      // Another browser, signed out, logs in with the password: the app's code is asked for, then the dashboard opens.
      const context = await browser.newContext({ ...test.info().project.use, baseURL: serverUrl(test.info().parallelIndex) });
      const later = await context.newPage();
      await useLanguage(later, language);
      await later.goto('/login');
      const form = later.getByRole('main');
      await later.getByRole('tabpanel').getByLabel(text('auth', 'login.email')).fill(account.email);
      await later.getByRole('tabpanel').getByLabel(text('auth', 'login.password'), { exact: true }).fill(password);
      await form.getByRole('button', { name: text('auth', 'login.submit') }).click();
      await expect(later.getByRole('heading', { name: text('auth', 'second_factor.title') })).toBeVisible();
      await expect(later).toHaveURL(/\/login/);
      await form.getByLabel(text('auth', 'second_factor.code')).fill(appCode(key, 1));
      await form.getByRole('button', { name: text('auth', 'second_factor.submit') }).click();
      await expect(later).toHaveURL('/dashboard');

      // The first browser sees both sessions, and ends the other one: its next page is signed out.
      await page.reload();
      const sessions = page.getByRole('region', { name: text('security', 'sessions.title') });
      await expect(sessions.getByText(text('security', 'sessions.this_device'))).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await sessions.getByRole('button', { name: text('security', 'sessions.end_others') }).click();
      await expect(sessions.getByText(text('security', 'sessions.ended_others'))).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await later.goto('/settings/security');
      await expect(later).toHaveURL(/\/login/);
      await context.close();

      // A new password, while this session's step-up (the e-mailed code above) still holds.
      const passwords = page.getByRole('region', { name: text('security', 'password.title') });
      await passwords.getByLabel(text('security', 'password.current')).fill('Wrong2026pass');
      await passwords.getByLabel(text('security', 'password.new'), { exact: true }).fill('Lantern2027pass');
      await passwords.getByLabel(text('security', 'password.confirm')).fill('Lantern2027pass');
      await passwords.getByRole('button', { name: text('security', 'password.submit') }).click();
      await expect(passwords.getByText(serverMessageIn(language, 'The current password is not right.'))).toBeVisible();
      await passwords.getByLabel(text('security', 'password.current')).fill(password);
      await passwords.getByRole('button', { name: text('security', 'password.submit') }).click();
      await expect(
        passwords.getByText(serverMessageIn(language, 'Your password was changed. Every other session of your account has ended.')),
      ).toBeVisible();
    });
  });
}
