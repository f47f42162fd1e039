import { jobInput } from '../modules/jobs/test-jobs.ts';
import { call, registerOverHttp } from './server-process.ts';

/**
 * A steady write load over real HTTP, as users make it: professionals register and send proposals,
 * the employer posts projects and, with `payments`, hires and pays a milestone into escrow through the
 * built-in gateway's Pay form. Each write is recorded the moment its 2xx answer arrives, so that a test
 * can look for every acknowledged write after a kill, a restore or a restart. Shared by the crash and
 * backup tests and by `npm run bench:rolling`.
 */

export interface Account {
  token: string;
  user: { id: string };
}

/** Every write the server acknowledged. */
export interface Acknowledged {
  users: Account[];
  jobs: string[];
  proposals: { id: string; token: string }[];
  /** Escrow payments the gateway took (its Pay form answered) with the employer's job. */
  payments: { id: string; jobId: string }[];
}

export interface WriteLoadOptions {
  employer: Account;
  /** A project the first proposals go to before the employer's own have been acknowledged. */
  firstJob: string;
  /** Also hire and pay into escrow (the money path), one hire at a time. */
  payments?: boolean;
  /** Headers for each request (an X-Forwarded-For address per request, say). */
  headers?: () => Record<string, string>;
  /** A failed write ends its worker (a kill); with `keepGoing`, it is counted and the worker goes on. */
  keepGoing?: boolean;
}

let addressSequence = 0;
/** Each request from its own address (with TRUST_PROXY=1), so that per-address limits do not cut a load short. */
export const fromNewAddress = () => {
  addressSequence += 1;
  return { 'x-forwarded-for': `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}` };
};

class RefusedWrite extends Error {}

async function expectStatus<T>(answer: Promise<{ status: number; body: T }>, status: number, what: string): Promise<T> {
  const { status: got, body } = await answer;
  if (got !== status) throw new RefusedWrite(`${what}: ${got} ${JSON.stringify(body)}`);
  return body;
}

export function startWriteLoad(
  baseUrl: string,
  { employer, firstJob, payments = false, headers = () => ({}), keepGoing = false }: WriteLoadOptions,
) {
  const acknowledged: Acknowledged = { users: [], jobs: [firstJob], proposals: [], payments: [] };
  const failures: string[] = [];
  let isStopped = false;
  const send = <T>(method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    call<T>(baseUrl, method, path, { ...options, headers: headers() });

  const professionalWrites = async () => {
    const professional = await registerOverHttp(baseUrl, {}, { headers });
    acknowledged.users.push(professional);
    const jobId = acknowledged.jobs[acknowledged.users.length % acknowledged.jobs.length]!;
    const body = {
      job_id: jobId,
      proposal_text: 'Available from Sunday; I have built three of these.',
      proposed_rate: 90,
      estimated_hours: 30,
    };
    const proposed = await expectStatus(
      send<{ proposal: { id: string } }>('POST', '/api/proposals', { token: professional.token, body }),
      201,
      'proposal',
    );
    acknowledged.proposals.push({ id: proposed.proposal.id, token: professional.token });
  };
  const employerWrites = async () => {
    const title = `Project ${acknowledged.jobs.length + 1}: a bilingual shop`;
    const posted = await expectStatus(
      send<{ id: string }>('POST', '/api/jobs', { token: employer.token, body: jobInput({ title }) }),
      201,
      'posting',
    );
    acknowledged.jobs.push(posted.id);
  };
  const paymentWrites = async () => {
    const posted = await expectStatus(
      send<{ id: string }>('POST', '/api/jobs', {
        token: employer.token,
        body: jobInput({ title: `Paid project ${acknowledged.payments.length + 1}` }),
      }),
      201,
      'posting',
    );
    const professional = await registerOverHttp(baseUrl, {}, { headers });
    const body = { job_id: posted.id, proposal_text: 'I can deliver this in two weeks.', proposed_rate: 6000, estimated_hours: null };
    const proposed = await expectStatus(
      send<{ proposal: { id: string } }>('POST', '/api/proposals', { token: professional.token, body }),
      201,
      'proposal',
    );
    await expectStatus(send('PUT', `/api/proposals/${proposed.proposal.id}/accept`, { token: employer.token }), 200, 'accepting');
    const milestones = [{ title: 'Design and build', description: 'Both languages, live.', amount: 6000, due_date: null }];
    await expectStatus(
      send('POST', `/api/jobs/${posted.id}/setup-payment`, { token: employer.token, body: { milestones } }),
      201,
      'milestones',
    );
    const status = await expectStatus(
      send<{ payment_id: string }>('GET', `/api/jobs/${posted.id}/payment-status`, { token: employer.token }),
      200,
      'status',
    );
    const escrow = await expectStatus(
      send<{ checkout_url: string }>('POST', `/api/payments/${status.payment_id}/create-escrow`, { token: employer.token }),
      200,
      'escrow',
    );
    const paid = await fetch(`${baseUrl}${new URL(escrow.checkout_url).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers() },
      body: '',
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new RefusedWrite(`pay: ${paid.status}`);
    acknowledged.payments.push({ id: status.payment_id, jobId: posted.id });
  };

  const worker = (writes: () => Promise<void>) =>
    (async () => {
      while (!isStopped) {
        try {
          await writes();
        } catch (error) {
          if (!keepGoing) return;
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    })();
  const workers = [
    professionalWrites,
    professionalWrites,
    professionalWrites,
    employerWrites,
    employerWrites,
    ...(payments ? [paymentWrites] : []),
  ].map(worker);
  return {
    acknowledged,
    /** With `keepGoing`: the writes that failed, and why. */
    failures,
    stop: async () => {
      isStopped = true;
      await Promise.all(workers);
    },
  };
}

/** Every acknowledged write, read back through the API: what is missing (nothing, when all are there). */
export async function missingWrites(baseUrl: string, acknowledged: Acknowledged, employer: Account): Promise<string[]> {
  const missing: string[] = [];
  for (const account of acknowledged.users) {
    const me = await call<{ id: string }>(baseUrl, 'GET', '/api/users/me', { token: account.token });
    if (me.status !== 200 || me.body.id !== account.user.id) missing.push(`user ${account.user.id} (${me.status})`);
  }
  for (const jobId of acknowledged.jobs) {
    const job = await call<{ id: string }>(baseUrl, 'GET', `/api/jobs/${jobId}`);
    if (job.status !== 200) missing.push(`job ${jobId} (${job.status})`);
  }
  for (const proposal of acknowledged.proposals) {
    const own = await call<{ proposals: { id: string }[] }>(baseUrl, 'GET', '/api/proposals/my', { token: proposal.token });
    if (!own.body.proposals?.some((row) => row.id === proposal.id)) missing.push(`proposal ${proposal.id} (${own.status})`);
  }
  for (const payment of acknowledged.payments) {
    const status = await call<{ payment_id: string; payment_status: string }>(baseUrl, 'GET', `/api/jobs/${payment.jobId}/payment-status`, {
      token: employer.token,
    });
    if (status.body.payment_id !== payment.id || status.body.payment_status !== 'escrowed') {
      missing.push(`payment ${payment.id} (${status.status} ${status.body.payment_status})`);
    }
  }
  return missing;
}
