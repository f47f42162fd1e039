import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, isOutboxEnabled, loadConfig, type Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { DataDirectoryLockedError, lockDataDirectory } from './db/lock.ts';
import { seedDatabase } from './db/seed.ts';

const webRoot = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');

async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl), release: () => undefined };
  const lock = lockDataDirectory(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), release: () => lock.release() };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function main() {
  const config = loadConfig();
  const { database, release } = await openDatabase(config);
  const app = await buildApp({ config, database, webRoot });

  if (database.kind === 'pglite') {
    app.log.warn(
      `Embedded database (PGlite) in ${config.dataDir}: for trying Mihna, development and single-machine use. Set DATABASE_URL to run on PostgreSQL.`,
    );
  }
  if (!config.twilio && !isOutboxEnabled(config))
    app.log.warn('No SMS provider is configured (TWILIO_*): text messages will wait in the queue.');
  const demo = await seedDatabase(app, { demo: config.seedDemo, canDeliverLocally: isOutboxEnabled(config) });
  app.services.delivery.start();
  // Hourly: drop counters, challenges, codes and registrations that no longer serve.
  const maintenance = setInterval(() => {
    const now = new Date();
    void app.services.rateLimiter.pruneExpired(new Date(now.getTime() - 86_400_000)).catch(() => undefined);
    void app.services.auth.pruneExpired(now).catch(() => undefined);
    void app.services.jobs.pruneViews().catch(() => undefined);
  }, 3_600_000);
  maintenance.unref();

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    clearInterval(maintenance);
    app.log.info(`${signal} received: finishing in-flight requests`);
    // Each step runs even if the one before failed or hung: the checkpoint is what keeps PGlite's data.
    await step('stop serving', () => app.close(), 15_000);
    await step('checkpoint the database', () => database.checkpoint(), 15_000);
    await step('close the database', () => database.close(), 5_000);
    await step('release the data directory', async () => release(), 1_000);
    process.exit(0);
  };
  const step = async (name: string, action: () => Promise<unknown>, timeoutMs: number) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        action(),
        new Promise((_resolve, reject) => (timer = setTimeout(() => reject(new Error('timed out')), timeoutMs))),
      ]);
    } catch (error) {
      app.log.error({ err: error }, `shutdown: could not ${name}`);
    } finally {
      clearTimeout(timer);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(`\n  Mihna is running at http://localhost:${port}\n`);
  if (demo && config.env !== 'production') {
    process.stdout.write(`\n  Demo accounts (password ${demo.password}):\n`);
    for (const account of demo.accounts) process.stdout.write(`    ${account.role.padEnd(12)} ${account.email}\n`);
    process.stdout.write(`  Codes and e-mails: http://localhost:${port}/dev/mailbox\n`);
  }
  process.stdout.write('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirectoryLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Mihna could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
