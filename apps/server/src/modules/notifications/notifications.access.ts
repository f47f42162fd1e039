import { notificationMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

/** Who may mark a notification read (lib/access.ts): the one it was sent to; to anyone else it is not found (404). */
export function createNotificationsAccess(repository: Pick<NotificationsRepository, 'recipientGrants'>) {
  return defineAccess({
    'notification.markRead': {
      refusal: notificationMessages.notFound,
      notFound: notificationMessages.notFound,
      grants: (actor, ids) => repository.recipientGrants(actor.id, ids),
    },
  });
}
