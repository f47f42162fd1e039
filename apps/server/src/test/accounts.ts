import type { App } from '../app.ts';

export interface TestClock {
  now: () => Date;
  advance: (milliseconds: number) => void;
}

/** A clock tests can move forward, for code expiry and lock durations. */
export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return { now: () => new Date(current), advance: (milliseconds) => (current += milliseconds) };
}

let sequence = 0;
export const uniqueEmail = (name = 'user') => `${name}.${Date.now().toString(36)}${(sequence += 1)}@example.ae`;
export const uniquePhone = () => `50${String(Date.now() + (sequence += 1)).slice(-7)}`;

export const professionalRegistration = (changes: Record<string, unknown> = {}) => ({
  role: 'professional',
  first_name: 'Hessa',
  last_name: 'Al Falasi',
  email: uniqueEmail('hessa'),
  phone_number: uniquePhone(),
  country_code: '+971',
  verification_method: 'email',
  password: 'Falcon2025!',
  confirm_password: 'Falcon2025!',
  skills: 'React, TypeScript, , Node.js',
  career_highlights: 'Led the Expo 2020 visitor app, Built a payments platform',
  languages: 'Arabic, English',
  hourly_rate: '180',
  years_of_experience: '8',
  bio: 'Full-stack engineer in Dubai building fast, accessible web apps.',
  emirate: 'dubai',
  city: 'dubai',
  ...changes,
});

/** The e-mails and texts the development outbox holds for a recipient, newest first. */
export async function outboxFor(app: App, to: string) {
  const response = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return response.json<{ messages: { subject: string; text: string }[] }>().messages;
}

export async function readLatestCode(app: App, to: string): Promise<string> {
  const [latest] = await outboxFor(app, to);
  const code = /\b(\d{6})\b/.exec(latest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Registers through the API, reads the code from the outbox and completes: a signed-in user. */
export async function createUser(app: App, changes: Record<string, unknown> = {}) {
  const input = professionalRegistration(changes);
  const registered = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
  if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
  const { registration_id } = registered.json<{ registration_id: string }>();
  const to = input.verification_method === 'sms' ? `${String(input.country_code)}${String(input.phone_number)}` : String(input.email);
  const completed = await app.inject({
    method: 'POST',
    url: '/api/auth/complete-registration',
    payload: { registration_id, verification_code: await readLatestCode(app, to), email: input.email },
  });
  if (completed.statusCode !== 200) throw new Error(`completion failed: ${completed.body}`);
  const body = completed.json<{ access_token: string; user: { id: string; email: string; role: string } }>();
  return { token: body.access_token, user: body.user, password: String(input.password), input };
}

/** A registered, signed-in user as createUser answers it. */
export type TestAccount = Awaited<ReturnType<typeof createUser>>;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
