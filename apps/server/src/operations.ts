import Fastify from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { App } from './app.ts';
import { metricsRegistry } from './plugins/metrics.ts';

/**
 * The operations listener: `/metrics` in Prometheus's text format and `POST /backup` (a snapshot of the
 * embedded database while it serves), on METRICS_PORT, apart from the public port and on this machine
 * only unless METRICS_HOST says otherwise (README, Production). Nothing here is reachable from the site.
 */
export async function startOperations(app: App, { host, port }: { host: string; port: number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mihna_', eventLoopMonitoringPrecision: 20 });
  registerGauges(app, registry);
  const merged = Registry.merge([registry, metricsRegistry]);

  const operations = Fastify({ logger: false, bodyLimit: 1024 });
  operations.get('/metrics', async (_request, reply) => {
    void reply.header('content-type', merged.contentType);
    return merged.metrics();
  });
  operations.post('/backup', async (_request, reply) => {
    const { database } = app.services;
    if (!database.snapshot) {
      return reply.code(409).send({
        detail: 'This server runs on PostgreSQL: back it up with npm run backup, which uses pg_dump.',
        code: 'conflict',
      });
    }
    const snapshot = await database.snapshot();
    void reply.header('content-type', 'application/x-tar').header('content-length', String(snapshot.size));
    return reply.send(Buffer.from(await snapshot.arrayBuffer()));
  });
  await operations.listen({ host, port });
  const address = operations.server.address();
  return { operations, port: typeof address === 'object' && address ? address.port : port };
}

function gauge(registry: Registry, name: string, help: string, labelNames: string[], collect: (gauge: Gauge) => Promise<void> | void) {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await collect(this);
    },
  });
}

function registerGauges(app: App, registry: Registry) {
  const { services } = app;
  const { database } = services;

  gauge(registry, 'mihna_db_pool_connections', 'PostgreSQL pool: connections by state, and queries waiting for one.', ['state'], (g) => {
    const stats = database.poolStats?.();
    if (!stats) return;
    g.set({ state: 'max' }, stats.max);
    g.set({ state: 'open' }, stats.total);
    g.set({ state: 'idle' }, stats.idle);
    g.set({ state: 'waiting' }, stats.waiting);
  });

  const indexes = [
    { name: 'projects', load: services.jobs.searchLoad, memory: async () => (await services.jobs.searchCacheStats()).index },
    { name: 'professionals', load: services.profiles.searchLoad, memory: async () => services.profiles.searchIndexMemory() },
  ];
  gauge(registry, 'mihna_search_index_documents', 'Documents in each search index.', ['index'], async (g) => {
    for (const index of indexes) {
      const memory = (await index.memory()) as Record<string, number> | null | undefined;
      if (memory) g.set({ index: index.name }, memory.jobs ?? memory.professionals ?? 0);
    }
  });
  gauge(registry, 'mihna_search_index_bytes', 'Approximate bytes each search index holds.', ['index'], async (g) => {
    for (const index of indexes) {
      const memory = (await index.memory()) as Record<string, number> | null | undefined;
      if (!memory) continue;
      const bytes = Object.entries(memory).reduce((sum, [key, value]) => (key.endsWith('_bytes') ? sum + value : sum), 0);
      g.set({ index: index.name }, bytes);
    }
  });
  gauge(
    registry,
    'mihna_search_index_load_seconds',
    'How long each search index took to load at start (absent while loading).',
    ['index'],
    (g) => {
      for (const index of indexes) if (index.load.loadMs !== undefined) g.set({ index: index.name }, index.load.loadMs / 1000);
    },
  );
  gauge(registry, 'mihna_search_index_lag_seconds', 'Seconds since the search indexes last read the change log.', [], (g) => {
    const caughtUp = services.lifecycle.searchCaughtUpAt;
    if (caughtUp !== undefined) g.set((Date.now() - caughtUp) / 1000);
  });

  gauge(registry, 'mihna_task_runs', 'Runs of each background task, by state (queued, active, dead).', ['task', 'state'], async (g) => {
    for (const task of await services.tasks.summaries()) {
      g.set({ task: task.name, state: 'queued' }, task.queued);
      g.set({ task: task.name, state: 'active' }, task.active);
      g.set({ task: task.name, state: 'dead' }, task.dead);
    }
  });

  gauge(registry, 'mihna_outgoing_messages_waiting', 'E-mail and SMS waiting to be sent, by channel.', ['channel'], async (g) => {
    g.set({ channel: 'email' }, 0);
    g.set({ channel: 'sms' }, 0);
    for (const row of await services.outbox.backlog()) g.set({ channel: row.channel }, row.waiting);
  });
  gauge(
    registry,
    'mihna_outgoing_message_oldest_seconds',
    'Age of the oldest e-mail or SMS waiting to be sent.',
    ['channel'],
    async (g) => {
      for (const row of await services.outbox.backlog())
        g.set({ channel: row.channel }, (Date.now() - new Date(row.oldest).getTime()) / 1000);
    },
  );

  gauge(registry, 'mihna_event_streams_open', 'Message event streams this process holds open.', [], (g) => {
    g.set(services.messageHub.streamCount);
  });

  gauge(registry, 'mihna_payment_events_waiting', 'Payment provider events stored and not yet applied.', [], async (g) => {
    g.set((await services.paymentsRepository.inboxBacklog()).waiting);
  });
  gauge(
    registry,
    'mihna_payment_event_oldest_waiting_seconds',
    'Age of the oldest payment event not yet applied (0 when none).',
    [],
    async (g) => {
      const { oldest } = await services.paymentsRepository.inboxBacklog();
      g.set(oldest ? (Date.now() - oldest.getTime()) / 1000 : 0);
    },
  );
}
