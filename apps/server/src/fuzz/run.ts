import { errorStatus } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import { selectRows } from '../test/harness.ts';
import { createRandom } from '../lib/random.ts';
import { casesFor, listOperations, type FuzzRequest, type KnownIds, type Operation } from './cases.ts';

/**
 * Tables a refused request may write by design: throttles (the second step's too), captchas, counted wrong codes, the
 * e-mail that tells an owner their account was locked, and a session's last-seen time. Every
 * other table is the product's data, which a refused request must leave exactly as it was.
 */
const BOOKKEEPING_TABLES = new Set([
  'rate_limit_counters',
  'request_cooldowns',
  'login_throttles',
  'login_events',
  'second_factor_throttles',
  'captcha_challenges',
  'verification_codes',
  'outgoing_messages',
  'sessions',
  'job_views',
]);

export interface Caller {
  name: string;
  token?: string;
}

export interface FuzzFailure {
  operation: string;
  caller: string;
  request: FuzzRequest;
  problem: string;
  status: number;
  body: string;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  milliseconds: number;
}

async function productTables(app: App) {
  const rows = await selectRows<{ table_name: string }>(
    app.services.database,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name) && !name.startsWith('__'));
}

/**
 * Rows of a product table a refused request may write by design: the audit log's record of a refused
 * admin sign-in (who tried which address, from where). Every other audit entry is an admin's action,
 * which a refused request must not leave.
 */
const BOOKKEEPING_ROWS: Partial<Record<string, ReturnType<typeof sql>>> = {
  admin_audit_log: sql`where t.action not in ('admin.login_failed', 'admin.login_locked', 'admin.login_inactive')`,
};

/** One number per table that changes when any row of it is inserted, changed or deleted. */
async function fingerprint(app: App, tables: string[]) {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, count(*)::text as rows, coalesce(sum(hashtext(t::text)::bigint), 0)::text as hash from ${sql.identifier(table)} t ${BOOKKEEPING_ROWS[table] ?? sql``}`,
  );
  const rows = await selectRows<{ name: string; rows: string; hash: string }>(app.services.database, sql.join(parts, sql` union all `));
  return rows.map((row) => `${row.name}:${row.rows}:${row.hash}`).join('|');
}

async function send(app: App, request: FuzzRequest, caller: Caller, address: string) {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  let payload: string | undefined;
  if (request.body && 'json' in request.body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body.json) ?? 'null';
  } else if (request.body) {
    headers['content-type'] = request.body.contentType;
    payload = request.body.raw;
  }
  return app.inject({ method: request.method as 'GET', url: request.url, headers, payload, remoteAddress: address });
}

/** What is wrong with an answer, or undefined when it keeps every promise. */
function judge(operation: Operation, status: number, contentType: string, body: string): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (!operation.responses.includes(String(status)) && !operation.responses.includes('default'))
    return `answered ${status}, which the operation does not declare`;
  if (status < 400) return undefined;
  if (!contentType.includes('application/json')) return `an error answered as ${contentType}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'an error body that is not JSON';
  }
  const { detail, code, ...rest } = (parsed ?? {}) as { detail?: unknown; code?: unknown };
  if (Object.keys(rest).length > 0) return `an error with fields beyond detail and code: ${Object.keys(rest).join(', ')}`;
  if (typeof code !== 'string' || !(code in errorStatus)) return `an error code outside the catalogue: ${String(code)}`;
  if (errorStatus[code as keyof typeof errorStatus] !== status) return `code ${code} sent with status ${status}`;
  const isIssueList =
    Array.isArray(detail) &&
    detail.every(
      (issue: { loc?: unknown; msg?: unknown; type?: unknown }) =>
        Array.isArray(issue.loc) && typeof issue.msg === 'string' && typeof issue.type === 'string',
    );
  if (!(typeof detail === 'string' && detail.length > 0) && !isIssueList)
    return 'an error whose detail is neither a sentence nor a list of issues';
  return undefined;
}

/**
 * Sends generated requests to every operation of the app's own OpenAPI document, as each caller,
 * and reports each answer that is a 5xx, undeclared, outside the `{detail, code}` shape, or a refusal
 * that changed the product's data.
 */
export async function runFuzz(options: {
  app: App;
  seed: number;
  casesPerOperation: number;
  callers: Caller[];
  ids: KnownIds;
  /** Operations left out, by "METHOD /path", with the reason. */
  skip?: Record<string, string>;
  onProgress?: (done: number) => void;
}): Promise<FuzzReport> {
  const { app, seed, casesPerOperation, callers, ids } = options;
  const started = performance.now();
  const random = createRandom(seed);
  const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<Parameters<typeof listOperations>[0]>();
  const operations = listOperations(document).filter((operation) => !options.skip?.[`${operation.method} ${operation.path}`]);
  // Logging out ends the caller's session: those operations go last.
  operations.sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
  const tables = await productTables(app);
  const report: FuzzReport = { requests: 0, operations: operations.length, byStatus: {}, failures: [], milliseconds: 0 };

  // The tables as the last refused request left them: read again only after a request that may have written.
  let known: string | undefined;
  // Work an accepted request left to the background (a copy of someone's data) is done before the tables are read.
  const settled = async () => {
    await app.services.privacy.buildSoon();
    return fingerprint(app, tables);
  };
  for (const operation of operations) {
    for (const caller of callers) {
      for (const request of casesFor(operation, casesPerOperation, random, ids)) {
        const before = known ?? (await settled());
        // Each request from its own address, so per-address limits do not hide the code behind them.
        const address = `10.${random.integer(0, 255)}.${random.integer(0, 255)}.${random.integer(1, 254)}`;
        const response = await send(app, request, caller, address);
        report.requests += 1;
        report.byStatus[response.statusCode] = (report.byStatus[response.statusCode] ?? 0) + 1;
        let problem = judge(operation, response.statusCode, String(response.headers['content-type'] ?? ''), response.body);
        known = response.statusCode >= 400 ? await settled() : undefined;
        if (!problem && known !== undefined && known !== before) problem = 'a refused request changed rows';
        if (problem) {
          report.failures.push({
            operation: `${operation.method} ${operation.path}`,
            caller: caller.name,
            request,
            problem,
            status: response.statusCode,
            body: response.body.slice(0, 300),
          });
        }
        options.onProgress?.(report.requests);
      }
    }
  }
  report.milliseconds = Math.round(performance.now() - started);
  return report;
}

/** A failure as a command anyone can paste, with long values cut so the line stays readable. */
export function reproduction(failure: FuzzFailure, baseUrl = 'http://localhost:8000'): string {
  const { request } = failure;
  const shorten = (text: string) => (text.length > 400 ? `${text.slice(0, 200)}…(${text.length} characters)…${text.slice(-50)}` : text);
  const body = request.body ? ('json' in request.body ? JSON.stringify(request.body.json) : request.body.raw) : undefined;
  const contentType = request.body ? ('json' in request.body ? 'application/json' : request.body.contentType) : undefined;
  return [
    `# ${failure.operation} as ${failure.caller} (${request.kind}): ${failure.problem}; answered ${failure.status} ${failure.body.slice(0, 160)}`,
    `curl -i -X ${request.method} '${baseUrl}${shorten(request.url)}'` +
      (failure.caller === 'visitor' ? '' : ` -H 'Authorization: Bearer <token of a ${failure.caller}>'`) +
      (contentType ? ` -H 'Content-Type: ${contentType}' --data-binary '${shorten(body ?? '').replace(/'/g, "'\\''")}'` : ''),
  ].join('\n');
}
