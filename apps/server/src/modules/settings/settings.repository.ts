import { eq, sql } from 'drizzle-orm';
import type { SiteSettings } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { siteSettings } from './settings.schema.ts';

export function createSettingsRepository(db: Db) {
  return {
    async findSettings(executor: Db = db): Promise<Partial<SiteSettings> | undefined> {
      const [row] = await executor.select({ settings: siteSettings.settings }).from(siteSettings).where(eq(siteSettings.id, 1));
      return row?.settings;
    },
    async replaceSettings(settings: SiteSettings, executor: Db) {
      await executor
        .insert(siteSettings)
        .values({ id: 1, settings })
        .onConflictDoUpdate({ target: siteSettings.id, set: { settings, updatedAt: new Date() } });
    },
    /**
     * A text setting as it is when a statement runs (its default when never set), as an expression:
     * for a statement that records it, such as the seller's address on an invoice, without a read first.
     */
    textSettingSql: (name: 'address', fallback: string) =>
      sql<string>`coalesce((select ${siteSettings.settings} ->> ${name} from ${siteSettings} where ${siteSettings.id} = 1), ${fallback})`,
    async insertSettingsIfMissing(settings: SiteSettings) {
      await db.insert(siteSettings).values({ id: 1, settings }).onConflictDoNothing();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
