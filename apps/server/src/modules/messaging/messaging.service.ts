import {
  CONVERSATION_PAGE_SIZE,
  CONVERSATIONS_PER_DAY,
  MESSAGE_PAGE_SIZE,
  MESSAGES_PER_DAY,
  MESSAGES_PER_MINUTE,
  messagingMessages,
  UNREAD_EMAIL_MINUTES,
  type Conversation,
  type ConversationList,
  type ConversationReportReason,
  type MessagePage,
  type SendMessageRequest,
  type StartConversationRequest,
} from '@mihna/shared';
import type { Db } from '../../db/client.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import type { createRateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { maskContactDetails, type ModerationService } from '../moderation/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { partyName } from '../profiles/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { createMessagingAccess } from './messaging.access.ts';
import { toAttachmentResponse, toConversationResponse, toMessageResponse } from './message-response.ts';
import type { ConversationParties, MessagingRepository, Side } from './messaging.repository.ts';
import { storeAttachment } from './attachments.ts';

type RateLimiter = ReturnType<typeof createRateLimiter>;

const encodeCursor = (at: Date | string, id: string) => Buffer.from(`${new Date(at).toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '')) return null;
  return { at: date, id: id! };
}

/** The side `actor` is on in this conversation (the access rule found them in it); anyone else is told it does not exist. */
function sideOf(actor: Actor, conversation: ConversationParties | undefined): Side {
  if (conversation?.employerId === actor.id) return 'employer';
  if (conversation?.professionalId === actor.id) return 'professional';
  throw new AppError('not_found', messagingMessages.conversationNotFound);
}

const otherOf = (conversation: ConversationParties, side: Side) =>
  side === 'employer' ? conversation.professionalId : conversation.employerId;

/** What one person may send: messages a minute and a day, new conversations and reports a day. */
const sendLimits = {
  perMinute: { bucket: 'message-minute', limit: MESSAGES_PER_MINUTE, windowSeconds: 60, message: messagingMessages.tooFast },
  perDay: { bucket: 'message-day', limit: MESSAGES_PER_DAY, windowSeconds: 86_400, message: messagingMessages.dailyLimit },
  conversationsPerDay: {
    bucket: 'conversation-start',
    limit: CONVERSATIONS_PER_DAY,
    windowSeconds: 86_400,
    message: messagingMessages.tooManyConversations,
  },
  reportsPerDay: { bucket: 'conversation-report', limit: 20, windowSeconds: 86_400, message: messagingMessages.tooFast },
} satisfies Record<string, RateLimitRule>;

export function createMessagingService(dependencies: {
  db: Db;
  repository: MessagingRepository;
  users: UsersRepository;
  moderation: ModerationService;
  notifications: NotificationsService;
  delivery: DeliveryService;
  rateLimiter: RateLimiter;
  publicUrl: string;
  clock: () => Date;
}) {
  const { db, repository, users, moderation, notifications, delivery, rateLimiter, publicUrl, clock } = dependencies;
  const access = createMessagingAccess(repository);

  /** A conversation the access rule found the actor in, and their side of it. */
  async function conversationOf(actor: Actor, id: string) {
    const conversation = await repository.findConversation(id);
    return { conversation: conversation!, side: sideOf(actor, conversation) };
  }

  async function describe(conversationId: string, actor: Actor): Promise<Conversation> {
    const row = (await repository.conversationWithOther(conversationId, actor.id))!;
    const [lastMessage] = row.last_message_id ? await repository.messagesByIds([Number(row.last_message_id)]) : [];
    const [contactAllowed, blocks] = await Promise.all([
      repository.contactAllowed(row.employer_id, row.professional_id),
      repository.blocksBetween(actor.id, row.other_id),
    ]);
    return toConversationResponse(row, actor.id, {
      lastMessage,
      contactAllowed,
      blockedByYou: blocks.aBlockedB,
      blockedYou: blocks.bBlockedA,
    });
  }

  /** Counts one hit under each limit at once (one statement); the first one exceeded is the answer, in its own words. */
  async function limits(key: string, rules: readonly RateLimitRule[]) {
    const results = await rateLimiter.hitAll(rules, key);
    const refused = results.findIndex((result) => !result.isAllowed);
    if (refused >= 0) throw new AppError('rate_limited', rules[refused]!.message, results[refused]!.retryAfterSeconds);
  }

  /** The message a client key already stored, answered again (one stored in another conversation is refused). */
  async function storedMessage(conversationId: string, messageId: number) {
    const [stored] = await repository.messagesByIds([messageId]);
    if (stored?.conversationId !== conversationId) throw new AppError('conflict', messagingMessages.conversationNotFound);
    return toMessageResponse(stored);
  }

  async function refuseBlocked(actor: Actor, otherId: string) {
    const blocks = await repository.blocksBetween(actor.id, otherId);
    if (blocks.aBlockedB || blocks.bBlockedA) throw new AppError('forbidden', messagingMessages.blocked);
  }

  return {
    /**
     * Contact Expert, Contact Employer, a proposal's or a hire's "Message": the one conversation
     * between the two, found or opened. Employers may start one with any professional; a professional
     * only with an employer whose project they applied to, showed interest in or were invited to.
     */
    async start(actor: Actor, request: StartConversationRequest): Promise<{ conversation: Conversation; isNew: boolean }> {
      if (request.participant_id === actor.id) throw new AppError('bad_request', messagingMessages.notYourself);
      const other = await users.findUserById(request.participant_id);
      if (!other || other.deletedAt) throw new AppError('not_found', messagingMessages.userNotFound);
      if (other.role === actor.role) throw new AppError('forbidden', messagingMessages.employerAndProfessional);
      if (other.accountStatus !== 'active') throw new AppError('forbidden', messagingMessages.inactive);
      const employerId = actor.role === 'employer' ? actor.id : other.id;
      const professionalId = actor.role === 'employer' ? other.id : actor.id;

      let jobId: string | null = null;
      if (request.job_id) {
        const job = await repository.findJob(request.job_id);
        if (!job || job.employer_id !== employerId) throw new AppError('not_found', messagingMessages.conversationNotFound);
        jobId = job.id;
      }
      const existing = await repository.findConversationByPair(employerId, professionalId);
      if (actor.role === 'professional' && !(await repository.hasHistory(professionalId, employerId, jobId))) {
        // A professional may always answer a conversation the employer began.
        if (!existing || existing.startedBy === actor.id || jobId) throw new AppError('forbidden', messagingMessages.applyFirst);
      }
      await refuseBlocked(actor, other.id);
      if (!existing) await limits(actor.id, [sendLimits.conversationsPerDay]);
      const opened = await transaction(db, (tx) =>
        repository.openConversation({ employerId, professionalId, jobId, startedBy: actor.id }, tx),
      );
      return { conversation: await describe(opened.row.id, actor), isNew: opened.isNew };
    },

    async list(actor: Actor, before: string | undefined): Promise<ConversationList> {
      const rows = await repository.listConversations(actor.id, decodeCursor(before), CONVERSATION_PAGE_SIZE + 1);
      const page = rows.slice(0, CONVERSATION_PAGE_SIZE);
      const lastIds = page.flatMap((row) => (row.last_message_id ? [Number(row.last_message_id)] : []));
      const [lastMessages, allowed, blocks] = await Promise.all([
        repository.messagesByIds(lastIds),
        repository.contactAllowedPairs(page.map((row) => ({ employerId: row.employer_id, professionalId: row.professional_id }))),
        repository.blocksOf(
          actor.id,
          page.map((row) => row.other_id),
        ),
      ]);
      const byId = new Map(lastMessages.map((message) => [message.id, message]));
      const last = rows.length > CONVERSATION_PAGE_SIZE ? page.at(-1) : undefined;
      return {
        conversations: page.map((row) =>
          toConversationResponse(row, actor.id, {
            lastMessage: row.last_message_id ? byId.get(Number(row.last_message_id)) : undefined,
            contactAllowed: allowed.has(`${row.employer_id}:${row.professional_id}`),
            blockedByYou: blocks.byYou.has(row.other_id),
            blockedYou: blocks.you.has(row.other_id),
          }),
        ),
        next_cursor: last ? encodeCursor(last.active_at, last.id) : null,
      };
    },

    async get(actor: Actor, id: string): Promise<Conversation> {
      await access.require(actor, 'conversation.read', id);
      return describe(id, actor);
    },

    /** A page of messages, oldest first, before the message `beforeId` (the latest page without it). */
    async messages(actor: Actor, id: string, beforeId: number | undefined): Promise<MessagePage> {
      await access.require(actor, 'conversation.read', id);
      const rows = await repository.messagesBefore(id, beforeId ?? null, MESSAGE_PAGE_SIZE);
      return { messages: rows.slice(0, MESSAGE_PAGE_SIZE).reverse().map(toMessageResponse), has_older: rows.length > MESSAGE_PAGE_SIZE };
    },

    /**
     * Sends a message: moderated like all free text, contact details masked until the two have a
     * funded contract, refused when either has blocked the other or the sender is flooding. A repeated
     * `client_key` answers the message already stored.
     */
    async send(actor: Actor, id: string, request: SendMessageRequest) {
      await access.require(actor, 'conversation.send', id);
      const context = await repository.sendContext(id, actor.id, request.client_key ?? null);
      const { conversation } = context ?? {};
      const side = sideOf(actor, conversation);
      if (!context || !conversation) throw new AppError('not_found', messagingMessages.conversationNotFound);
      if (context.storedId !== null) return storedMessage(id, context.storedId);
      const body = request.body.trim();
      if (!body && !request.attachment_id)
        throw new AppError('validation_failed', [{ loc: ['body', 'body'], msg: messagingMessages.emptyMessage, type: 'value_error' }]);
      const other = otherOf(conversation, side);
      if (context.isBlocked) throw new AppError('forbidden', messagingMessages.blocked);
      if (!context.otherIsActive) throw new AppError('forbidden', messagingMessages.inactive);
      if (request.attachment_id) {
        const attachment = await repository.findAttachment(request.attachment_id);
        if (
          !attachment ||
          attachment.conversationId !== id ||
          attachment.uploaderId !== actor.id ||
          (await repository.attachmentSent(attachment.id))
        ) {
          throw new AppError('not_found', messagingMessages.fileNotFound);
        }
      }
      await limits(actor.id, [sendLimits.perMinute, sendLimits.perDay]);

      const moderated = body ? moderation.moderateFields({ message: body }) : { values: {}, messages: [] };
      let text = moderated.values.message ?? body;
      let isMasked = false;
      if (text && !context.contactAllowed) {
        const masked = maskContactDetails(text);
        isMasked = masked.kinds.length > 0;
        text = masked.text;
      }
      const sending = transaction(db, async (tx) => {
        if (conversation.lastMessageId === null) {
          // The first message of a conversation rings the other person's bell.
          await notifications.notify(
            {
              userId: other,
              kind: 'new_conversation',
              link: `/messages/${conversation.id}`,
              params: { sender_name: partyName(context.sender) },
            },
            tx,
          );
        }
        return repository.insertMessage(
          {
            conversation,
            senderSide: side,
            body: text,
            isMasked,
            attachmentId: request.attachment_id ?? null,
            clientKey: request.client_key ?? null,
          },
          tx,
        );
      });
      const message = await sending.catch(async (error: unknown) => {
        // A retry sent while its first attempt was under way: the first stored it meanwhile.
        if (!request.client_key || !isUniqueViolation(error)) throw error;
        const storedId = (await repository.sendContext(id, actor.id, request.client_key))?.storedId;
        if (storedId === null || storedId === undefined) throw error;
        return storedId;
      });
      if (typeof message === 'number') return storedMessage(id, message);
      return { ...toMessageResponse(message), moderation_messages: moderated.messages };
    },

    async markRead(actor: Actor, id: string, upTo: number) {
      await access.require(actor, 'conversation.markRead', id);
      const { conversation, side } = await conversationOf(actor, id);
      const result = await transaction(db, (tx) => repository.markRead(conversation, side, upTo, tx));
      return { read_up_to: result.readId, unread_count: result.unread };
    },

    unread: async (actor: Actor) => {
      const summary = await repository.unreadSummary(actor.id);
      return { unread_total: summary.unreadTotal, unread_conversations: summary.unreadConversations };
    },

    async upload(actor: Actor, id: string, fileName: string, bytes: Buffer) {
      await access.require(actor, 'conversation.send', id);
      const { conversation, side } = await conversationOf(actor, id);
      await refuseBlocked(actor, otherOf(conversation, side));
      await limits(actor.id, [sendLimits.perMinute]);
      const stored = await storeAttachment(fileName, bytes);
      const row = await repository.insertAttachment({ conversationId: id, uploaderId: actor.id, ...stored });
      return toAttachmentResponse(id, row);
    },

    /** An attachment's bytes, for the conversation's two people (staff read reported ones through the console). */
    async download(actor: Actor, id: string, attachmentId: string) {
      await access.require(actor, 'conversation.read', id);
      const attachment = await repository.findAttachment(attachmentId);
      if (!attachment || attachment.conversationId !== id) throw new AppError('not_found', messagingMessages.fileNotFound);
      return attachment;
    },

    async block(actor: Actor, id: string) {
      await access.require(actor, 'conversation.block', id);
      const { conversation, side } = await conversationOf(actor, id);
      await repository.block(actor.id, otherOf(conversation, side));
      return describe(id, actor);
    },

    async unblock(actor: Actor, id: string) {
      await access.require(actor, 'conversation.block', id);
      const { conversation, side } = await conversationOf(actor, id);
      await repository.unblock(actor.id, otherOf(conversation, side));
      return describe(id, actor);
    },

    async report(actor: Actor, id: string, reason: ConversationReportReason, details: string) {
      await access.require(actor, 'conversation.report', id);
      const { conversation, side } = await conversationOf(actor, id);
      await limits(actor.id, [sendLimits.reportsPerDay]);
      await repository.insertReport({
        conversationId: id,
        reporterId: actor.id,
        reportedUserId: otherOf(conversation, side),
        reason,
        details,
      });
      return { message: messagingMessages.reportSent };
    },

    /**
     * Staff's resolution of a report, with what they found and did (the console's Reports tab, in the
     * transaction of its audit entry). Of two staff resolving at once, the second finds it resolved.
     */
    async resolveReport(staff: { id: string }, reportId: string, resolution: string, tx: Tx) {
      if (!(await repository.resolveReport(reportId, { resolution, resolvedBy: staff.id }, tx)))
        throw new AppError('conflict', messagingMessages.reportAlreadyResolved);
    },

    /**
     * E-mails each person with a message unread for 15 minutes, once per conversation until they
     * read it, with a link to the conversation. Run every minute; several processes share the work.
     */
    async emailUnread() {
      const olderThan = new Date(clock().getTime() - UNREAD_EMAIL_MINUTES * 60_000);
      const claimed = await transaction(db, async (tx) => {
        const rows = await repository.claimUnreadToEmail(olderThan, 200, tx);
        if (rows.length === 0) return rows;
        const people = new Map(
          (await users.findUsersByIds([...new Set(rows.flatMap((row) => [row.reader_id, row.sender_id]))], tx)).map((user) => [
            user.id,
            user,
          ]),
        );
        await delivery.enqueueAll(
          rows.flatMap((row) => {
            const reader = people.get(row.reader_id);
            const sender = people.get(row.sender_id);
            if (!reader || !sender || reader.deletedAt) return [];
            const count = row.unread === 1 ? 'a message' : `${row.unread} messages`;
            return [
              {
                channel: 'email' as const,
                to: reader.email,
                subject: `${partyName(sender)} sent you ${count} on Mihna`,
                text: [
                  `${partyName(sender)} sent you ${count} you have not read yet.`,
                  '',
                  `${publicUrl}/messages/${row.conversation_id}`,
                  '',
                ].join('\n'),
              },
            ];
          }),
          tx,
        );
        return rows;
      });
      if (claimed.length > 0) void delivery.dispatchSoon();
      return claimed.length;
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
