import type { Db } from '../../db/client.ts';

export function createProfilesService(dependencies: { db: Db; clock: () => Date }) {
  void dependencies;
  return {};
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
