import type { JobCreated, JobCreationInput } from '@mihna/shared';
import type { App } from '../../app.ts';
import { bearer } from '../../test/accounts.ts';

export const jobInput = (changes: Partial<JobCreationInput> = {}): JobCreationInput => ({
  title: 'Bilingual website for a Dubai bakery',
  description: 'We need a fast website in Arabic and English with online ordering.',
  skills_required: 'React, Arabic Typography',
  project_type: 'fixed',
  budget_min: 5000,
  budget_max: 10000,
  country: 'AE',
  emirate: 'dubai',
  ...changes,
});

/** Posts a job through the API as the given employer and returns the answer. */
export async function postJob(app: App, token: string, changes: Partial<JobCreationInput> = {}) {
  const response = await app.inject({ method: 'POST', url: '/api/jobs', headers: bearer(token), payload: jobInput(changes) });
  if (response.statusCode !== 201) throw new Error(`posting failed: ${response.body}`);
  return response.json<JobCreated>();
}
