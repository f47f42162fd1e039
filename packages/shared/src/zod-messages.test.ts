import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { messages } from './index.ts';

const said = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("checks without the specification's message", () => {
  it("say it in the catalogue's words, never zod's", () => {
    const form = z.object({ name: z.string().min(2).max(5), count: z.number().int().max(5), kind: z.enum(['a', 'b']), email: z.email() });
    expect(said(form, {})).toEqual([messages.required, messages.required, messages.invalidFormat, messages.required]);
    expect(said(form, { name: 'x', count: 7.5, kind: 'c', email: 'no' })).toEqual([
      messages.minLength(2),
      messages.validWholeNumber,
      messages.invalidFormat,
      messages.invalidEmail,
    ]);
    expect(said(form, { name: 'xxxxxx', count: 9, kind: 'a', email: 'a@b.ae' })).toEqual([messages.maxLength(5), messages.max(5)]);
    expect(said(form, { name: 3, count: '3', kind: 'a', email: 'a@b.ae' })).toEqual([messages.invalidFormat, messages.validNumber]);
  });

  it('leave a message a schema names alone', () => {
    expect(said(z.string().min(3, 'Title is too short'), 'x')).toEqual(['Title is too short']);
  });
});
