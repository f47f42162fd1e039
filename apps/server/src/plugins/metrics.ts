import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's counters and histograms, in Prometheus's model (prom-client). They are counted where
 * things happen, in whichever app of the process (tests build several); the operations listener
 * (operations.ts) adds the gauges it reads at each scrape and answers them all at /metrics.
 */
export const metricsRegistry = new Registry();

const requestDuration = new Histogram({
  name: 'mihna_http_request_duration_seconds',
  help: 'Time from a request’s arrival to its answer, by route (the pattern, not the address) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const moneyMetrics = {
  approvals: new Counter({
    name: 'mihna_milestone_approvals_total',
    help: 'Milestones approved (released from escrow), by who approved them.',
    labelNames: ['by'] as const,
    registers: [metricsRegistry],
  }),
  eventsApplied: new Histogram({
    name: 'mihna_payment_event_apply_delay_seconds',
    help: 'Time from a payment provider’s event reaching the inbox to its application.',
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 60, 300, 3600],
    registers: [metricsRegistry],
  }),
};

/** Times every request of `app` into the request histogram. */
export function registerRequestMetrics(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched addresses (scanners, typos) share one label rather than one series each.
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
