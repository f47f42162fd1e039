import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../test/accounts.ts';
import { createTestApp } from '../../test/harness.ts';
import { jobInput } from '../jobs/test-jobs.ts';
import { createEmployer } from '../proposals/test-jobs.ts';

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

  it('passes a villa number beside its letter, and posts the project titled with it', async () => {
    const title = 'Fit-out of villa N16 in Arabian Ranches';
    expect((await validate(`${title}, فيلا N116`)).json()).toMatchObject({ is_valid: true, severity: 'none' });
    const employer = await createEmployer(app);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: bearer(employer.token),
      payload: jobInput({ title, description: 'Joinery, flooring and lighting for villa N16, Arabian Ranches; unit 455 in storage.' }),
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ job: { title, description: expect.stringContaining('villa N16') }, moderation_message: null });
  });
});
