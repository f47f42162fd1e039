import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { latestCode, uniqueEmail, uniquePhone } from './outbox.ts';

async function fillCommonFields(page: Page, person: { first: string; last: string; email: string; phone: string; password: string }) {
  const form = page.getByRole('main');
  await form.getByLabel('First name').fill(person.first);
  await form.getByLabel('Last name').fill(person.last);
  await form.getByLabel('E-mail address').fill(person.email);
  await form.getByLabel('Mobile number').fill(person.phone);
  await form.getByLabel('Password', { exact: true }).fill(person.password);
  await form.getByLabel('Confirm password').fill(person.password);
}

test.describe('accounts', () => {
  test('a professional registers, verifies by e-mail code and lands on the dashboard @phone', async ({ page, request }) => {
    const email = uniqueEmail('noura');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Professional/ })).toBeChecked();

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    await fillCommonFields(page, { first: 'Noura', last: 'Al Kaabi', email, phone: uniquePhone(), password: 'Harbour2026' });
    await page.getByLabel('Skills').fill('Interior design, AutoCAD, 3D rendering');
    await page.getByLabel('Hourly rate (AED)').fill('150');
    await page.getByLabel('Years of experience').fill('6');
    await page.getByLabel('Emirate', { exact: true }).selectOption('sharjah');
    await page.getByRole('button', { name: 'Create account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/You can request a new code in \d+ s/)).toBeVisible();
    await dialog.getByLabel('Verification code').fill('12ab');
    await expect(dialog.getByLabel('Verification code')).toHaveValue('12');
    await dialog.getByLabel('Verification code').fill(await latestCode(request, email));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome, Noura' })).toBeVisible();
    await expect(page.getByText('Professional account')).toBeVisible();
  });

  test('an employer registers with SMS verification and sees the header of a signed-in user', async ({ page, request }) => {
    const phone = uniquePhone();
    await page.goto('/register?role=employer');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Employer/ })).toBeChecked();
    await fillCommonFields(page, { first: 'Khalid', last: 'Al Suwaidi', email: uniqueEmail('khalid'), phone, password: 'Falconry2026' });
    await page.getByLabel('Company name').fill('Suwaidi Fit-Out LLC');
    await page.getByLabel('SMS').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    const dialog = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(dialog).toContainText(`+971${phone}`);
    await dialog.getByLabel('Verification code').fill(await latestCode(request, `+971${phone}`));
    await dialog.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL('/dashboard');
    const header = page.getByRole('banner');
    await expect(header).toContainText('Khalid Al Suwaidi');
    await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await header.getByRole('button', { name: 'Logout' }).click();
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL('/login');
  });

  test('the demo professional logs in with a password and with an e-mail code', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail address').fill('layla.haddad@demo.mihna.ae');
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('MihnaDemo2025!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Layla' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();
    await page.getByRole('tab', { name: 'Email Code' }).click();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Please enter your email first.')).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail address').fill('layla.haddad@demo.mihna.ae');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    await page.getByLabel('Verification code').fill(await latestCode(request, 'layla.haddad@demo.mihna.ae'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Layla' })).toBeVisible();
  });

  test('the demo employer logs in with a code sent by SMS', async ({ page, request }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();
    await page.getByRole('tab', { name: 'SMS Code' }).click();
    await page.getByLabel('Mobile number').fill('+971502345678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We sent a 6-digit code to your mobile.')).toBeVisible();
    await page.getByLabel('Verification code').fill(await latestCode(request, '+971502345678'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Omar' })).toBeVisible();
  });

  test('failed logins bring the captcha, then the lock, and a password reset lifts it', async ({ page, request }) => {
    const email = uniqueEmail('reem');
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await fillCommonFields(page, { first: 'Reem', last: 'Al Hashimi', email, phone: uniquePhone(), password: 'Gazelle2026' });
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Verification code').fill(await latestCode(request, email));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail address').fill(email);
    const password = page.getByRole('tabpanel').getByLabel('Password', { exact: true });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await password.fill('Wrong2026pass');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    }
    // The captcha is a field of the form: its answer is checked when Log in is pressed, in Arabic-Indic digits too.
    const answerCaptcha = async () => {
      const label = await page.getByText(/^What is \d \+ \d\?$/).textContent();
      const [left, right] = (label ?? '').match(/\d/g)!.map(Number);
      const sum = String(left! + right!).replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!);
      await page.getByLabel(/What is/).fill(sum);
    };
    await password.fill('Wrong2026pass');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please confirm you are a person')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please answer the captcha question.')).toBeVisible();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await answerCaptcha();
      await password.fill('Wrong2026pass');
      await page.getByRole('button', { name: 'Log in' }).click();
      if (attempt === 0) await expect(page.getByText('Incorrect email or password.')).toBeVisible();
    }
    // Locked: the message says for how long and links to password reset, and no captcha is asked.
    await expect(
      page.getByText('Account temporarily locked. Please try again or use password reset. You can try again in 30 minutes.'),
    ).toBeVisible();
    await expect(page.getByText('Please confirm you are a person')).toHaveCount(0);
    await page.reload();
    await page.getByRole('main').getByLabel('E-mail address').fill(email);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).focus();
    await expect(page.getByText(/Account temporarily locked\. You can try again in (30|29) minutes\./)).toBeVisible();
    await expect(page.getByText('Please confirm you are a person')).toHaveCount(0);

    await page.getByRole('main').getByRole('link', { name: 'Reset your password' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('main').getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await expect(page.getByLabel('Reset code')).toBeVisible();
    await page.getByLabel('Reset code').fill(await latestCode(request, email));
    await page.getByLabel('New password', { exact: true }).fill('Oryx2026new');
    await page.getByLabel('Confirm new password').fill('Oryx2026ne');
    await expect(page.getByRole('button', { name: 'Reset password' })).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('Oryx2026new');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    await expect(page).toHaveURL('/login', { timeout: 6000 });
    await expect(page.getByRole('heading', { name: 'Log in to Mihna' })).toBeVisible();

    await page.getByRole('main').getByLabel('E-mail address').fill(email);
    await page.getByRole('tabpanel').getByLabel('Password', { exact: true }).fill('Oryx2026new');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Reem' })).toBeVisible();
  });
});
