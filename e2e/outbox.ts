import type { APIRequestContext } from '@playwright/test';

/** The newest 6-digit code the development outbox holds for a recipient. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let sequence = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${(sequence += 1)}@example.ae`;
export const uniquePhone = () => `55${String(Date.now() + (sequence += 1)).slice(-7)}`;
