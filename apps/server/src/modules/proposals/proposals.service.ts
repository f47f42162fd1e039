import type { Db } from '../../db/client.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';

export function createProposalsService(dependencies: { db: Db; moderation: ModerationService; notifications: NotificationsService; clock: () => Date }) {
  void dependencies;
  return {};
}

export type ProposalsService = ReturnType<typeof createProposalsService>;
