import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createProcessDatabase, freePort, startServer, type ServerProcess } from '../test/server-process.ts';

// Traces of a server process (telemetry.ts) sent to a real OTLP/HTTP receiver: the spans of a request
// and of its queries, linked to the request's log lines by trace id and request id.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}

/** An OTLP/HTTP receiver (JSON encoding): every span it was sent. */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const sent = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of sent.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((each) => each.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : String(value.intValue));
};

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('sends each request as a trace with its route and its queries, and its log lines carry its trace id and request id', async () => {
    const receiver = await startReceiver();
    cleanups.push(receiver.stop);
    const serverUrl = process.env.TEST_DATABASE_URL;
    const database = serverUrl ? await createProcessDatabase(serverUrl) : undefined;
    if (database) cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mihna-telemetry-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = startServer({
      port: await freePort(),
      dataDir,
      databaseUrl: database?.url,
      nodeArgs: ['--import', './src/telemetry.ts'],
      env: {
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      },
    });
    cleanups.push(() => server.stop());
    await server.ready;

    const answer = await fetch(`${server.url}/api/jobs/00000000-0000-4000-8000-000000000000`);
    expect(answer.status).toBe(404);

    let request: OtlpSpan | undefined;
    for (let tries = 0; tries < 100 && !request; tries += 1) {
      await sleep(100);
      request = receiver.spans.find((span) => attribute(span, 'http.route') === '/api/jobs/:jobId' && !span.parentSpanId);
    }
    expect(request, JSON.stringify(receiver.spans.map((span) => span.name))).toBeDefined();
    expect(attribute(request!, 'http.response.status_code') ?? attribute(request!, 'http.status_code')).toBe('404');
    const inTrace = receiver.spans.filter((span) => span.traceId === request!.traceId);
    // Fastify's own spans within it (the route's handler), and on PostgreSQL the queries.
    expect(inTrace.some((span) => span.name.startsWith('handler'))).toBe(true);
    if (database) expect(inTrace.some((span) => span.name.startsWith('pg.query'))).toBe(true);
    // No trace of the load balancer's checks.
    expect(receiver.spans.some((span) => attribute(span, 'url.path') === '/readyz')).toBe(false);

    // The request's log lines: its request id, and the trace's id.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; trace_id?: string; msg?: string; req?: { url?: string } });
    const incoming = lines.find(
      (line) => line.msg === 'incoming request' && line.req?.url === '/api/jobs/00000000-0000-4000-8000-000000000000',
    );
    expect(incoming?.reqId).toBeDefined();
    const ofRequest = lines.filter((line) => line.reqId === incoming!.reqId);
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    for (const line of ofRequest) expect(line.trace_id).toBe(request!.traceId);
    expect(inTrace.some((span) => attribute(span, 'mihna.request_id') === incoming!.reqId)).toBe(true);
  });
});
