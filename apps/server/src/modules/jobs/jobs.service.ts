import type { Db } from '../../db/client.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';

export function createJobsService(dependencies: { db: Db; moderation: ModerationService; clock: () => Date }) {
  void dependencies;
  return {};
}

export type JobsService = ReturnType<typeof createJobsService>;
