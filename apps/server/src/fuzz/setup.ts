import type { App } from '../app.ts';
import { bearer, createUser } from '../test/accounts.ts';
import { postJob } from '../modules/jobs/test-jobs.ts';
import type { KnownIds } from './cases.ts';
import type { Caller } from './run.ts';

/**
 * A small marketplace to aim at: a professional and an employer with a project, a proposal and a
 * notification, so that paths naming rows reach the code behind them. Callers are a visitor and one
 * signed-in user of each role.
 */
export async function prepareFuzzTargets(app: App): Promise<{ callers: Caller[]; ids: KnownIds }> {
  const professional = await createUser(app);
  const employer = await createUser(app, { role: 'employer', first_name: 'Omar', last_name: 'Saeed', company_name: 'Gulf Bakeries' });
  const { job } = await postJob(app, employer.token);
  const proposal = await app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: bearer(professional.token),
    payload: { job_id: job.id, proposal_text: 'I have built three bilingual shop sites in Dubai this year.', proposed_rate: 120 },
  });
  if (proposal.statusCode !== 201) throw new Error(`the proposal was refused: ${proposal.body}`);
  const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(employer.token) });
  const notificationIds = notifications.json<{ notifications: { id: string }[] }>().notifications.map((item) => item.id);
  const userIds = [professional.user.id, employer.user.id];
  return {
    callers: [{ name: 'visitor' }, { name: 'professional', token: professional.token }, { name: 'employer', token: employer.token }],
    ids: {
      jobs: [job.id],
      job: [job.id],
      jobId: [job.id],
      proposals: [proposal.json<{ proposal: { id: string } }>().proposal.id],
      notifications: notificationIds,
      users: userIds,
      experts: [professional.user.id],
      professionals: [professional.user.id],
      employers: [employer.user.id],
      'check-registration': [professional.user.email],
      'login-status': [employer.user.email],
    },
  };
}
