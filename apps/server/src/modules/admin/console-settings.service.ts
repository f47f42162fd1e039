import type { SiteSettings } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SettingsService } from '../settings/index.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';
import type { AdminsRepository } from './admins.repository.ts';

/**
 * Admin spec §2 Settings: the interface settings as the console edits them. A save replaces them
 * whole, with its audit entry (before and after) in the same transaction; the public site reads the
 * new ones on its next call (GET /api/public/interface-settings answers with no-cache).
 */
export function createConsoleSettingsService(dependencies: { db: Db; settings: SettingsService; repository: AdminsRepository }) {
  const { db, settings, repository } = dependencies;
  return {
    async read(actor: AdminActor) {
      requirePermission(actor, 'manage_content');
      return settings.getSettings();
    },

    async replace(actor: AdminActor, next: SiteSettings) {
      requirePermission(actor, 'manage_content');
      await transaction(db, async (tx) => {
        const before = await settings.getSettings(tx);
        await settings.replaceSettings(next, tx);
        await repository.insertAudit(
          {
            adminId: actor.id,
            adminEmail: actor.email,
            action: 'settings.updated',
            targetType: 'site_settings',
            targetId: '1',
            before,
            after: next,
            ipAddress: actor.ipAddress,
          },
          tx,
        );
      });
      return { updated: true };
    },
  };
}

export type ConsoleSettingsService = ReturnType<typeof createConsoleSettingsService>;
