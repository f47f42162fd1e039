import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';

describe('POST /content/validate', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const validate = (content: string) => app.inject({ method: 'POST', url: '/content/validate', payload: { content, content_type: 'bio' } });

  it('passes clean text through unchanged', async () => {
    const text = 'مهندس برمجيات في دبي. Senior engineer, 10 years of experience.';
    expect((await validate(text)).json()).toEqual({ is_valid: true, severity: 'none', message: '', cleaned_content: text });
  });

  it('cleans mild words and names the severity in the specification words', async () => {
    const body = (await validate('That was a damn good project.')).json();
    expect(body).toMatchObject({ is_valid: true, severity: 'mild', message: 'Content Cleaned' });
    expect(body.cleaned_content).not.toContain('damn');
    expect(body.cleaned_content).toContain('good project.');
  });

  it('flags strong words as a violation and refuses threats as serious', async () => {
    expect((await validate('This is fucking late.')).json()).toMatchObject({
      is_valid: true,
      severity: 'moderate',
      message: 'Content Violation',
    });
    expect((await validate('I will kill you tomorrow')).json()).toMatchObject({
      is_valid: false,
      severity: 'severe',
      message: 'Serious Violation',
    });
  });

  it('answers at /api/content/validate too, and refuses a missing content field', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/content/validate', payload: { content: 'hello' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/content/validate', payload: {} })).statusCode).toBe(422);
  });
});
