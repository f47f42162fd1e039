import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { answer, jsonResponse, loadTranslations, mockApi } from '../../../test/testing.tsx';
import { CaptchaChallenge } from './captcha-challenge.tsx';

const challenge = answer('GET', '/api/auth/captcha', () =>
  jsonResponse(200, { captcha_id: '7f1c3f9e-7c55-4d8e-8d8a-000000000001', question: '4 + 4' }),
);

describe('CaptchaChallenge', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => i18n.changeLanguage('en'));

  it.each([
    ['en', 'What is 4 + 4?'],
    ['ar', 'كم ناتج 4 + 4؟'],
  ] as const)('asks the sum in %s with that language’s question mark', async (language, question) => {
    await loadTranslations(language);
    await i18n.loadNamespaces('auth');
    mockApi(challenge);
    render(<CaptchaChallenge round={0} answer="" onChange={() => undefined} />);
    expect(await screen.findByLabelText(question)).toBeInTheDocument();
    expect(screen.queryByText(/= \?/)).not.toBeInTheDocument();
  });
});
