import type { Page } from '@playwright/test';
import { E2E_PORT, expect, test, waitForTheAppOnLoad } from './fixtures.ts';
import { confirmStepUpByEmail, registerUser, TOKEN_KEY } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/**
 * Passkeys' relying party is PUBLIC_URL's host, localhost on the journeys' servers: a browser offers
 * them only there, so these journeys open the site at http://localhost:PORT (the others use 127.0.0.1).
 */
const siteOnLocalhost = () => `http://localhost:${E2E_PORT + test.info().parallelIndex}`;

/** Chromium's virtual authenticator for the page (CDP WebAuthn): a platform authenticator with a screen lock that is always passed. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function signOut(page: Page) {
  await page.evaluate((key) => {
    window.localStorage.removeItem(key);
    document.cookie = 'mihna.signed_in=; path=/; max-age=0';
  }, TOKEN_KEY);
}

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`passkeys in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a user adds a passkey after step-up, then signs in with it alone and as the second step of a password${phoneInArabic(language)}`, async ({
      browser,
      request,
    }) => {
      const text = textsIn(language);
      const password = 'Marketplace2026';
      const account = await registerUser(request, { password, confirm_password: password });
      const context = await browser.newContext({ ...test.info().project.use, baseURL: siteOnLocalhost() });
      const page = waitForTheAppOnLoad(await context.newPage());
      await useLanguage(page, language);
      const credentials = await addVirtualAuthenticator(page);
      // Signed in as the app keeps it: the token in local storage, and the cookie that says so.
      await page.goto('/');
      await page.evaluate(([key, token]) => window.localStorage.setItem(key, token), [TOKEN_KEY, account.token] as const);
      await context.addCookies([{ name: 'mihna.signed_in', value: '1', url: siteOnLocalhost() }]);
      await page.goto('/settings/security');
      const section = page.getByRole('region', { name: text('security', 'passkeys.title') });
      await expect(section.getByText(text('security', 'passkeys.none'))).toBeVisible();
      await section.getByLabel(text('security', 'passkeys.name')).fill('Work laptop');
      await section.getByRole('button', { name: text('security', 'passkeys.add') }).click();
      // Adding a way in needs a second factor first: a code e-mailed to this account without one.
      await confirmStepUpByEmail(page, request, account.email, language);
      await expect(section.getByText(text('security', 'passkeys.added', { name: 'Work laptop' }))).toBeVisible();
      await expect(section.getByRole('listitem').filter({ hasText: 'Work laptop' })).toContainText(text('security', 'passkeys.never_used'));
      expect(await credentials()).toHaveLength(1);

      // Signed out, the login page offers the passkey: no e-mail typed, the dashboard opens.
      await signOut(page);
      await page.goto('/login');
      await page
        .getByRole('main')
        .getByRole('button', { name: text('auth', 'login.passkey') })
        .click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // Signed out again, a password login asks for the second step, which the passkey answers.
      await signOut(page);
      await page.goto('/login');
      const form = page.getByRole('main');
      await page.getByRole('tabpanel').getByLabel(text('auth', 'login.email')).fill(account.email);
      await page.getByRole('tabpanel').getByLabel(text('auth', 'login.password'), { exact: true }).fill(password);
      await form.getByRole('button', { name: text('auth', 'login.submit'), exact: true }).click();
      await expect(form.getByText(text('auth', 'second_factor.help_passkey'))).toBeVisible();
      await form.getByRole('button', { name: text('auth', 'second_factor.use_passkey') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // Back on the Security page it shows as used, and renaming it takes the new name.
      await page.goto('/settings/security');
      const item = section.getByRole('listitem').filter({ hasText: 'Work laptop' });
      await expect(item).not.toContainText(text('security', 'passkeys.never_used'));
      await item.getByRole('button', { name: text('security', 'passkeys.rename_one', { name: 'Work laptop' }) }).click();
      const dialog = page.getByRole('dialog', { name: text('security', 'passkeys.rename_title') });
      await dialog.getByLabel(text('security', 'passkeys.name')).fill('Home laptop');
      await dialog.getByRole('button', { name: text('security', 'passkeys.save') }).click();
      await expect(section.getByRole('listitem').filter({ hasText: 'Home laptop' })).toBeVisible();
      await context.close();
    });
  });
}
