import { i18n } from '../../i18n/index.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, baseUser, jsonResponse, loadTranslations, mockApi, renderRoutes } from '../../test/testing.tsx';
import { RequireUser } from '../require-user.tsx';
import LoginPage from './login.tsx';

const routes = [
  { element: <RequireUser />, children: [{ path: '/projects/:projectId', element: <h1>The project</h1> }] },
  { path: '/login', element: <LoginPage /> },
  { path: '/dashboard', element: <h1>The dashboard</h1> },
  { path: '/forgot-password', element: <h1>Reset</h1> },
];

const signInAnswer = answer('POST', '/api/auth/enhanced-login', () => jsonResponse(200, { access_token: 'new-token', user: baseUser }));
const meAnswer = answer('GET', '/api/users/me', () => jsonResponse(200, baseUser));

async function logIn(password = 'Falcon2025!') {
  fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'aisha@example.ae' } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('/login', () => {
  beforeAll(async () => {
    await loadTranslations('en');
    await i18n.loadNamespaces('auth');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('tells a visitor sent from a project why, and returns them to the project after logging in', async () => {
    mockApi(signInAnswer, meAnswer);
    renderRoutes(routes, '/projects/abc');
    expect(await screen.findByText(/Log in to see the project’s details and send a proposal/)).toBeInTheDocument();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'The project' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The dashboard' })).toBeNull();
  });

  it('goes to the dashboard, without a reason line, when nobody sent the visitor', async () => {
    mockApi(signInAnswer, meAnswer);
    renderRoutes(routes, '/login');
    await screen.findByLabelText('E-mail address');
    expect(screen.queryByText(/Log in to see/)).toBeNull();
    await logIn();
    expect(await screen.findByRole('heading', { name: 'The dashboard' })).toBeInTheDocument();
  });

  it('checks the captcha answer when Log in is pressed, with no separate button', async () => {
    let logins = 0;
    const api = mockApi(
      answer('POST', '/api/auth/enhanced-login', () => {
        logins += 1;
        return logins === 1
          ? jsonResponse(429, { detail: 'Please solve the captcha to continue.', code: 'captcha_required' })
          : jsonResponse(200, { access_token: 'new-token', user: baseUser });
      }),
      answer('GET', '/api/auth/captcha', () =>
        jsonResponse(200, { captcha_id: '7f1c3f9e-7c55-4d8e-8d8a-000000000001', question: '4 + 4' }),
      ),
      answer('POST', '/api/auth/captcha/verify', () => jsonResponse(200, { captcha_token: 'solved' })),
      answer('GET', '/api/auth/login-status/aisha%40example.ae', () =>
        jsonResponse(200, { requires_captcha: true, is_locked: false, locked_minutes: 0 }),
      ),
      meAnswer,
    );
    renderRoutes(routes, '/login');
    await logIn();
    const answerField = await screen.findByLabelText('What is 4 + 4?');
    expect(screen.queryByRole('button', { name: 'Check' })).toBeNull();
    fireEvent.change(answerField, { target: { value: '٨' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'The dashboard' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/captcha/verify')[0]?.body).toEqual({
      captcha_id: '7f1c3f9e-7c55-4d8e-8d8a-000000000001',
      answer: 8,
    });
    expect(api.callsTo('POST', '/api/auth/enhanced-login')[1]?.body).toMatchObject({ captcha_token: 'solved' });
  });

  it('says how long the account is locked, links to password reset, and asks no captcha', async () => {
    mockApi(
      answer('POST', '/api/auth/enhanced-login', () =>
        jsonResponse(423, {
          detail: 'Account temporarily locked. Please try again or use password reset. You can try again in 27 minutes.',
          code: 'locked',
        }),
      ),
      answer('GET', '/api/auth/login-status/aisha%40example.ae', () =>
        jsonResponse(200, { requires_captcha: false, is_locked: true, locked_minutes: 27 }),
      ),
    );
    renderRoutes(routes, '/login');
    await logIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/You can try again in 27 minutes\./));
    expect(screen.getByRole('link', { name: 'Reset your password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByText('Please confirm you are a person')).toBeNull();
  });

  it('asks for a mobile number on the SMS tab when an e-mail address is typed, sending nothing', async () => {
    const api = mockApi();
    renderRoutes(routes, '/login');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'SMS Code' }));
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: 'aisha@example.ae' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    expect(screen.queryByText('We sent a 6-digit code to your mobile.')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/send-login-code')).toEqual([]);
  });

  it("shows the server's refusal of what was typed on the SMS tab, never a code sent", async () => {
    mockApi(
      answer('POST', '/api/auth/send-login-code', () =>
        jsonResponse(422, {
          detail: [{ loc: ['body', 'email'], msg: 'Please enter your mobile number', type: 'value_error' }],
          code: 'validation_failed',
        }),
      ),
    );
    renderRoutes(routes, '/login');
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'SMS Code' }));
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '+971 50 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    expect(screen.queryByText('We sent a 6-digit code to your mobile.')).not.toBeInTheDocument();
  });
});
