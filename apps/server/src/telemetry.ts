// Traces through OpenTelemetry when OTEL_EXPORTER_OTLP_ENDPOINT is set, and nothing otherwise (no
// package is even loaded). The server starts with `node --import <this file's bundle>` (SERVER_NODE_OPTIONS,
// scripts/server-options.mjs), so that the module hook is registered before the server's own imports:
// an ES module is patched as it loads, never after. Each request is a span (HTTP, then Fastify's route
// and hooks), each PostgreSQL query a span within it; every log line written during a request carries
// its trace_id and span_id beside Fastify's reqId, and the request's span carries the reqId
// (`mihna.request_id`), so a trace leads to the request's log lines and back. The exporter is
// OpenTelemetry's OTLP over HTTP, configured by the standard OTEL_* variables (protocol, headers,
// service name); metrics stay with Prometheus (/metrics), so OpenTelemetry exports none. On PostgreSQL
// the pool's queries are spans; PGlite runs in the process and is not traced.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// Threads (the project search index's) inherit the option: their reads belong to no request, and are not traced.
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT && isMainThread) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    // Only what is instrumented goes through the hook.
    data: { include: ['pg', 'pino', 'fastify'] },
  });
  process.env.OTEL_SERVICE_NAME ??= 'mihna';
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, { PinoInstrumentation }, { default: FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-pino'),
      import('@fastify/otel'),
    ]);
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        // A load balancer's checks every half second would be most of the traces.
        ignoreIncomingRequestHook: (request) => ['/healthz', '/readyz'].includes(request.url?.split('?')[0] ?? ''),
      }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  // What main.ts calls as it shuts down, to send the spans still waiting.
  (globalThis as Record<symbol, unknown>)[Symbol.for('mihna.telemetry')] = { shutdown: () => sdk.shutdown() };
}
