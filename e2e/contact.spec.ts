import { expect, test } from './fixtures.ts';

test.describe('contact', () => {
  test('a visitor sends a message, sees Message Sent!, and support receives it', async ({ page, request }) => {
    const reference = `ref-${Date.now()}`;
    await page.goto('/contact');
    await expect(page.getByText('We reply within 24 hours')).toBeVisible();

    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();

    const form = page.getByRole('main');
    await form.getByLabel('Full name').fill('Fatima Al Mansoori');
    await form.getByLabel('E-mail address').fill('fatima@example.ae');
    await form.getByLabel('Subject').selectOption('billing');
    await form.getByLabel('Message').fill(`Question about escrow fees (${reference}).`);
    await form.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByRole('heading', { name: 'Message Sent!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    const outbox = await (await request.get('/api/dev/outbox?to=support@mihna.ae')).json();
    const delivered = outbox.messages.find((message: { text: string }) => message.text.includes(reference));
    expect(delivered).toMatchObject({ channel: 'email', to: 'support@mihna.ae' });
    expect(delivered.subject).toContain('Billing');

    await page.goto(`/dev/mailbox?to=support@mihna.ae`);
    await expect(page.getByTestId('outbox-message').filter({ hasText: reference })).toBeVisible();
  });

  test('the footer newsletter box subscribes a valid address and explains an invalid one', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('Your e-mail address').fill('not-an-address');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Please enter a valid email address')).toBeVisible();
    await footer.getByLabel('Your e-mail address').fill(`reader-${Date.now()}@example.ae`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByText('Thank you! You are subscribed.')).toBeVisible();
  });
});
