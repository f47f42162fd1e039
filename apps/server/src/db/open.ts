import path from 'node:path';
import type { Config } from '../config.ts';
import { openPglite, openPostgres, type Database } from './client.ts';
import { lockDataDirectory } from './lock.ts';

/** The configured database: PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR, which one process at a time may open. */
export async function openDatabase(config: Config): Promise<{ database: Database; release: () => void }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl), release: () => undefined };
  const lock = lockDataDirectory(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pglite')), release: () => lock.release() };
  } catch (error) {
    lock.release();
    throw error;
  }
}
