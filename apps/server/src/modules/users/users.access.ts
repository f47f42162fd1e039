import { accountMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';

/**
 * Who may change a user (lib/access.ts): only the user themself. Any other id is refused (403), never
 * 404, so the answer tells nothing of whether that account exists; the actor's own id answers without a query.
 */
export function createUsersAccess() {
  return defineAccess({
    'user.update': {
      refusal: accountMessages.onlyOwnProfile,
      grants: async (actor, ids) => new Map(ids.map((id) => [id, id === actor.id])),
    },
  });
}
