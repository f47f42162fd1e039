import type { IdentityProviderId, IdentityVerified } from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import type { IdentityRepository } from './identity.repository.ts';

/**
 * Who verified their national identity, for the other modules' answers (the "Identity verified"
 * badge on profiles, proposals and search cards; the payout rule of PAYOUTS_REQUIRE_IDENTITY).
 */
export function createIdentityLookup(repository: IdentityRepository) {
  return {
    /** Each of these users' badge: the provider they verified with first, or null. One query for a page (in the caller's transaction, when given). */
    async badgesOf(userIds: readonly string[], executor?: Db): Promise<(userId: string) => IdentityVerified> {
      const verified = await repository.verifiedAmong(userIds, executor);
      return (userId) => {
        const row = verified.get(userId);
        return row ? { provider: row.provider as IdentityProviderId } : null;
      };
    },
    async isVerified(userId: string) {
      return (await repository.verifiedAmong([userId])).size > 0;
    },
  };
}

export type IdentityLookup = ReturnType<typeof createIdentityLookup>;
