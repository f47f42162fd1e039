import { messagingMessages } from '@mihna/shared';
import { defineAccess } from '../../lib/access.ts';
import type { MessagingRepository } from './messaging.repository.ts';

/**
 * What can be done in a conversation, and who may (lib/access.ts): only its two people, and to anyone
 * else it does not exist (404, never 403). Its two people never change, so the rules hold outside the
 * transactions; whether either has blocked the other is the methods' to answer, in their own words.
 */
export function createMessagingAccess(repository: Pick<MessagingRepository, 'memberGrants'>) {
  const member = {
    refusal: messagingMessages.conversationNotFound,
    notFound: messagingMessages.conversationNotFound,
    grants: (actor: { id: string }, ids: readonly string[]) => repository.memberGrants(actor.id, ids),
  };
  return defineAccess({
    /** The conversation, its messages and their attachments. */
    'conversation.read': member,
    /** A message, or an attachment uploaded to send with one. */
    'conversation.send': member,
    'conversation.markRead': member,
    /** Blocking the other person, or unblocking them. */
    'conversation.block': member,
    'conversation.report': member,
  });
}
