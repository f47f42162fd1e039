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
export async function prepareFuzzTargets(app: App): Promise<{ callers: Caller[]; ids: KnownIds; skip: Record<string, string> }> {
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
  const proposalId = proposal.json<{ proposal: { id: string } }>().proposal.id;
  // The hire paid into escrow, so money routes naming a payment, milestone or checkout reach their code.
  const money = await fundEscrow(app, employer.token, job.id, proposalId);
  const notifications = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(employer.token) });
  const notificationIds = notifications.json<{ notifications: { id: string }[] }>().notifications.map((item) => item.id);
  const userIds = [professional.user.id, employer.user.id];
  const conversation = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: bearer(employer.token),
    payload: { participant_id: professional.user.id, job_id: job.id },
  });
  if (conversation.statusCode !== 201) throw new Error(`the conversation was refused: ${conversation.body}`);
  return {
    // Answered with a stream that stays open, which an injected request would wait on for ever; its
    // inputs (Last-Event-ID, after) and its refusals are tested in messaging-stream.test.ts.
    skip: { 'GET /api/messages/stream': 'an open event stream' },
    callers: [{ name: 'visitor' }, { name: 'professional', token: professional.token }, { name: 'employer', token: employer.token }],
    ids: {
      jobs: [job.id],
      job: [job.id],
      jobId: [job.id],
      proposals: [proposalId],
      payments: [money.paymentId],
      milestones: money.milestoneIds,
      checkouts: [money.checkoutId],
      accomplishments: [job.id],
      notifications: notificationIds,
      users: userIds,
      experts: [professional.user.id],
      professionals: [professional.user.id],
      employers: [employer.user.id],
      conversations: [conversation.json<{ id: string }>().id],
      'check-registration': [professional.user.email],
      'login-status': [employer.user.email],
    },
  };
}

/** Accepts the proposal, sets up two milestones and pays the escrow on the test gateway's page. */
async function fundEscrow(app: App, employerToken: string, jobId: string, proposalId: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: bearer(employerToken), ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300) throw new Error(`${method} ${url} was refused: ${response.body}`);
    return response.json<Record<string, unknown>>();
  };
  await call('PUT', `/api/proposals/${proposalId}/accept`);
  await call('POST', `/api/jobs/${jobId}/setup-payment`, {
    milestones: [
      { title: 'Design', description: 'Pages designed', amount: 60, due_date: null },
      { title: 'Build', description: 'Site built', amount: 60, due_date: null },
    ],
  });
  const status = (await call('GET', `/api/jobs/${jobId}/payment-status`)) as { payment_id: string; milestones: { id: string }[] };
  const checkout = (await call('POST', `/api/payments/${status.payment_id}/create-escrow`)) as {
    checkout_url: string;
    checkout_id: string;
  };
  await app.inject({
    method: 'POST',
    url: `${new URL(checkout.checkout_url).pathname}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return {
    paymentId: status.payment_id,
    milestoneIds: status.milestones.map((milestone) => milestone.id),
    checkoutId: checkout.checkout_id,
  };
}
