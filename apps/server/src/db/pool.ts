import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';

/**
 * A small pool of PostgreSQL connections of its own, for a thread that reads the database apart from the server's
 * pool (the project search index's thread). Without PGlite or migrations: only what such a thread needs to load.
 */
export function openPostgresPool(url: string, max: number): { db: Db; end: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: url, max, options: '-c jit=off' });
  // A connection the database closes (a restart, a failover) is dropped; the next read opens another.
  pool.on('error', () => undefined);
  return { db: drizzle(pool), end: () => pool.end() };
}
