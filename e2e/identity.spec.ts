import { E2E_PORT, expect, test, waitForTheAppOnLoad } from './fixtures.ts';
import { TOKEN_KEY, uniqueWord } from './marketplace.ts';
import { phoneInArabic, textsIn, useLanguage, type Language } from './texts.ts';

/** The journeys' stand-in for UAE PASS: a real OpenID provider (scripts/e2e-servers.mjs starts it). */
const IDENTITY_PROVIDER = `http://127.0.0.1:${process.env.E2E_IDENTITY_PORT ?? 3099}`;
/** The button's label by default, as the server's configuration gives it in each language. */
const UAE_PASS_LABEL = { en: 'Sign in with UAE PASS', ar: 'الدخول باستخدام الهوية الرقمية (UAE PASS)' };

for (const language of ['en', 'ar'] as const satisfies Language[]) {
  test.describe(`national digital identity in ${language === 'en' ? 'English' : 'Arabic'}`, () => {
    test(`a person signs in with UAE PASS, creates a verified account, and their profile shows "Identity verified"${phoneInArabic(language)}`, async ({
      browser,
      request,
    }) => {
      // On PUBLIC_URL's origin (localhost), where the provider sends the browser back: the sign-in's
      // cookie, set when it starts, must come back with it.
      const context = await browser.newContext({
        ...test.info().project.use,
        baseURL: `http://localhost:${E2E_PORT + test.info().parallelIndex}`,
      });
      const page = waitForTheAppOnLoad(await context.newPage());
      const text = textsIn(language);
      const sub = uniqueWord('uaepass');
      const digits = String(Date.now()).slice(-7);
      // Who signs in at the provider for this worker's server, with what UAE PASS says of them.
      const named = await request.post(`${IDENTITY_PROVIDER}/test/sign-in-as`, {
        data: {
          redirect_uri: `http://localhost:${E2E_PORT + test.info().parallelIndex}/api/auth/identity/uae_pass/callback`,
          sub,
          claims: {
            idn: `784-1991-${digits}-${test.info().parallelIndex}`,
            fullnameEN: 'Khalid Rashid Al Nuaimi',
            fullnameAR: 'خالد راشد النعيمي',
            nationalityEN: 'ARE',
            email: `${sub}@example.ae`,
            email_verified: true,
            mobile: `97155${digits}`,
          },
        },
      });
      expect(named.status()).toBe(204);

      await useLanguage(page, language);
      await page.goto('/login');
      await page.getByRole('button', { name: UAE_PASS_LABEL[language] }).click();
      // Through the provider and back: the account is made from the verified identity, a role chosen.
      await expect(page).toHaveURL(/\/identity\/return$/);
      const name = language === 'ar' ? 'خالد راشد النعيمي' : 'Khalid Rashid Al Nuaimi';
      await expect(page.getByText(name)).toBeVisible();
      await expect(page.getByRole('main').getByRole('textbox', { name: text('auth', 'register.email') })).toHaveValue(`${sub}@example.ae`);
      await page.getByLabel(text('auth', 'identity.signup.role_professional')).check();
      await page.getByRole('button', { name: text('auth', 'identity.signup.submit') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // Their public profile carries the badge, with the provider's name.
      const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
      const me = await (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
      await page.goto(`/professionals/${(me as { id: string }).id}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Khalid');
      await expect(
        page.getByTitle(text('common', 'identity.verified_with', { provider: text('common', 'identity.providers.uae_pass') })),
      ).toBeVisible();

      // The Security page shows the verified identity, with the name the provider gave.
      await page.goto('/settings/security');
      const section = page.getByRole('region', { name: text('auth', 'identity.section_title') });
      await expect(section.getByText(name)).toBeVisible();
      await context.close();
    });
  });
}
