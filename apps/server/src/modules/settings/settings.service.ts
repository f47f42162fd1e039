import { defaultSiteSettings, siteSettingsSchema, type SiteSettings } from '@mihna/shared';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../db/client.ts';
import type { SettingsRepository } from './settings.repository.ts';

export function createSettingsService(repository: SettingsRepository) {
  const builtLook = siteSettingsSchema.parse(defaultSiteSettings);
  return {
    /** The stored settings over the defaults, so a field added in a later release still has its value. */
    async getSettings(executor?: Db): Promise<SiteSettings> {
      const stored = (await repository.findSettings(executor)) ?? {};
      const merged = { ...defaultSiteSettings, ...stored };
      const parsed = siteSettingsSchema.safeParse(merged);
      return parsed.success ? parsed.data : defaultSiteSettings;
    },
    /** The address as it is when a statement runs, as an expression for a statement that records it (an invoice's seller). */
    addressSql: () => repository.textSettingSql('address', defaultSiteSettings.address),
    /** Whether the site still looks as the web app was built (names, logo, colours, texts: the defaults). */
    async looksAsBuilt(): Promise<boolean> {
      return isDeepStrictEqual(await this.getSettings(), builtLook);
    },
    /** Saves a whole new set of settings (validated by the caller's schema); the public site reads them on its next call. */
    replaceSettings: (settings: SiteSettings, executor: Db) => repository.replaceSettings(settings, executor),
    async ensureSettings() {
      await repository.insertSettingsIfMissing(defaultSiteSettings);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
