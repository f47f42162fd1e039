import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOperations } from './operations.ts';
import { createTestApp } from './test/harness.ts';

describe('the operations listener', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let operations: Awaited<ReturnType<typeof startOperations>>;
  beforeAll(async () => {
    app = await createTestApp();
    operations = await startOperations(app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await operations.operations.close();
    await app.close();
  });

  it('is not on the public port', async () => {
    for (const url of ['/metrics', '/api/metrics', '/backup']) {
      const response = await app.inject({ method: url === '/backup' ? 'POST' : 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('mihna_');
    }
  });

  it('answers /metrics in Prometheus text format, with the requests, queue, search, outbox, streams, payments and process figures', async () => {
    await app.inject({ method: 'GET', url: '/api/search/jobs?q=design' });
    await app.inject({ method: 'GET', url: '/no/such/page/at/all' });
    const response = await fetch(`http://127.0.0.1:${operations.port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    // By route pattern, not by address: one series per route however many different searches.
    expect(text).toMatch(/mihna_http_request_duration_seconds_count\{method="GET",route="\/api\/search\/jobs",status="200"\} [1-9]/);
    expect(text).toMatch(/mihna_http_request_duration_seconds_count\{method="GET",route="unmatched",status="404"\} [1-9]/);
    for (const series of [
      'mihna_search_index_documents{index="projects"}',
      'mihna_search_index_load_seconds{index="professionals"}',
      'mihna_task_runs{task="payments.auto-approve",state="dead"} 0',
      'mihna_outgoing_messages_waiting{channel="email"}',
      'mihna_event_streams_open 0',
      'mihna_payment_events_waiting 0',
      'mihna_milestone_approvals_total',
      'mihna_process_resident_memory_bytes',
      'mihna_nodejs_eventloop_lag_p99_seconds',
    ])
      expect(text).toContain(series);
    if (process.env.TEST_DATABASE_URL) expect(text).toMatch(/mihna_db_pool_connections\{state="max"\} \d+/);
  });
});
