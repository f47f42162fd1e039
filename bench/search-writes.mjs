// The writes a search benchmark runs beside its searches, through the API as users make them:
// professionals sending proposals on open projects (each raises a project's proposal count), and an
// employer closing and reopening projects (each moves a project out of or back into every search it
// matches).
import { createAccount } from './harness.mjs';
import { seededRandom } from './search-mix.mjs';

const PASSWORD = 'BenchWrites2026';

const send = (base, token, method, path, body) =>
  fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

/** Accounts and projects the writes need; made once per server. */
export async function prepareWrites(base, { professionals = 12, projects = 20 } = {}) {
  const writers = [];
  for (let index = 0; index < professionals; index += 1)
    writers.push(await createAccount(base, { label: 'writer', index, password: PASSWORD }));
  const employer = await createAccount(base, { label: 'owner', index: 0, password: PASSWORD, role: 'employer' });
  const owned = [];
  for (let index = 0; index < projects; index += 1) {
    const response = await send(base, employer.token, 'POST', '/api/jobs', {
      title: `Bilingual booking website for a Dubai clinic ${index + 1}`,
      description: 'We need a fast booking website in Arabic and English with reminders by SMS.',
      skills_required: 'React, Node.js',
      project_type: 'fixed',
      budget_min: 5000,
      budget_max: 12000,
      country: 'AE',
      emirate: 'dubai',
    });
    if (response.status !== 201) throw new Error(`posting a project: ${response.status} ${await response.text()}`);
    owned.push((await response.json()).id);
  }
  // Proposals go to recent open projects across the site.
  const open = [];
  for (let skip = 0; skip < 2000; skip += 50) {
    const page = await (await fetch(`${base}/api/search/jobs?limit=50&skip=${skip}`)).json();
    open.push(...page.jobs.map((job) => job.id));
  }
  return { writers, employer, owned, open };
}

/**
 * Runs the writes until `stop()`: `proposalsPerSecond` proposals and `togglesPerSecond` projects
 * closed or reopened, spread evenly. `stop()` answers what was done and how long each write took.
 */
export function startWrites(base, prepared, { proposalsPerSecond = 5, togglesPerSecond = 1, seed = 7 } = {}) {
  const random = seededRandom(seed);
  const latencies = [];
  const failures = new Map();
  let proposals = 0;
  let toggles = 0;
  const closed = new Set();
  const started = performance.now();
  const timed = async (request) => {
    const begin = performance.now();
    const response = await request();
    await response.arrayBuffer();
    latencies.push(performance.now() - begin);
    if (!response.ok) failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    return response.ok;
  };
  const proposing = setInterval(() => {
    const writer = prepared.writers[Math.floor(random() * prepared.writers.length)];
    const jobId = prepared.open[Math.floor(random() * prepared.open.length)];
    void timed(() =>
      send(base, writer.token, 'POST', '/api/proposals', {
        job_id: jobId,
        proposal_text: 'I have delivered bilingual projects for Gulf clients and can start this week.',
        proposed_rate: 4500,
        estimated_hours: 40,
      }),
    ).then((ok) => ok && (proposals += 1));
  }, 1000 / proposalsPerSecond);
  let turn = 0;
  const toggling = setInterval(() => {
    const jobId = prepared.owned[turn++ % prepared.owned.length];
    const reopening = closed.has(jobId);
    if (reopening) closed.delete(jobId);
    else closed.add(jobId);
    void timed(() => send(base, prepared.employer.token, 'PUT', `/api/jobs/${jobId}/${reopening ? 'reopen' : 'close'}`)).then(
      (ok) => ok && (toggles += 1),
    );
  }, 1000 / togglesPerSecond);
  return async () => {
    clearInterval(proposing);
    clearInterval(toggling);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
    return {
      proposalsPerSecond: proposals / seconds,
      togglesPerSecond: toggles / seconds,
      p50: at(0.5),
      p95: at(0.95),
      failures: Object.fromEntries(failures),
    };
  };
}
