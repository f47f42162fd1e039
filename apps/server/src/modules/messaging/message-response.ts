import type { Conversation, Message } from '@mihna/shared';
import { mediaPath } from '../media/index.ts';
import { partyName } from '../profiles/index.ts';
import type { ConversationListRow, MessageRow } from './messaging.repository.ts';

export const attachmentPath = (conversationId: string, attachmentId: string) =>
  `/api/conversations/${conversationId}/attachments/${attachmentId}`;

export const toAttachmentResponse = (conversationId: string, attachment: NonNullable<MessageRow['attachment']>) => ({
  id: attachment.id,
  file_name: attachment.fileName,
  content_type: attachment.contentType,
  byte_size: attachment.byteSize,
  url: attachmentPath(conversationId, attachment.id),
});

export const toMessageResponse = (row: MessageRow): Message => ({
  id: row.id,
  conversation_id: row.conversationId,
  sender_id: row.senderId,
  body: row.body,
  is_masked: row.isMasked,
  attachment: row.attachment ? toAttachmentResponse(row.conversationId, row.attachment) : null,
  client_key: row.clientKey,
  created_at: row.createdAt.toISOString(),
});

/** A conversation as `userId` sees it: the other person, their unread count, what the other has read. */
export function toConversationResponse(
  row: ConversationListRow,
  userId: string,
  facts: { lastMessage: MessageRow | undefined; contactAllowed: boolean; blockedByYou: boolean; blockedYou: boolean },
): Conversation {
  const isEmployer = row.employer_id === userId;
  return {
    id: row.id,
    other: {
      id: row.other_id,
      name: partyName({
        role: row.other_role,
        firstName: row.other_first_name,
        lastName: row.other_last_name,
        companyName: row.other_company_name,
      }),
      role: row.other_role,
      profile_picture_url: row.other_picture_id ? mediaPath(row.other_picture_id) : null,
    },
    job: row.job_id && row.job_title ? { id: row.job_id, title: row.job_title } : null,
    last_message: facts.lastMessage ? toMessageResponse(facts.lastMessage) : null,
    unread_count: isEmployer ? row.employer_unread : row.professional_unread,
    other_read_id: Number(isEmployer ? row.professional_read_id : row.employer_read_id),
    contact_details_allowed: facts.contactAllowed,
    blocked_by_you: facts.blockedByYou,
    blocked_you: facts.blockedYou,
    created_at: new Date(row.created_at).toISOString(),
  };
}
