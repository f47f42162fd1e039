import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, uuidList } from '../../db/rows.ts';
import { conversationReports, conversations, messageAttachments, messages, userBlocks } from './messaging.schema.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import type { ConversationReportReason } from '@mihna/shared';
import { fundedBetween } from '../contracts/index.ts';

export type ConversationRow = typeof conversations.$inferSelect;
/** What sending needs of a conversation: its two people and whether anything was said yet. */
export type ConversationParties = Pick<ConversationRow, 'id' | 'employerId' | 'professionalId' | 'lastMessageId'>;
export type Side = 'employer' | 'professional';

/** A message as the screens need it: with its attachment's description (never its bytes). */
export interface MessageRow {
  id: number;
  conversationId: string;
  senderId: string;
  body: string;
  isMasked: boolean;
  clientKey: string | null;
  createdAt: Date;
  attachment: { id: string; fileName: string; contentType: string; byteSize: number } | null;
}

/** A message with the two people who may read it: what the live hub delivers. */
export interface DeliveredMessage extends MessageRow {
  employerId: string;
  professionalId: string;
}

/**
 * The one lock every message insert takes, held to its commit, so that messages become visible in
 * id order: a reader resuming "after id N" can never find a smaller id committed later.
 */
const MESSAGE_ORDER_LOCK = 0x6d736773; // 'msgs'

/** The channel whose notices ring every server process's message hub (messaging-hub.ts). */
export const MESSAGING_CHANNEL = 'messaging';

/**
 * A message's text and file name up to this many bytes travel in its notice (PostgreSQL's limit is
 * 8,000 bytes, and JSON may double a text's escapes); a longer one is read from the table by its id.
 */
const INLINE_NOTICE_BYTES = 3000;

/** Notices on the channel: a message stored (with the message when it fits), or someone read up to a message. */
export type MessagingNotice =
  | { kind: 'message'; id: number; to: [string, string]; message: RawMessage | null }
  | { kind: 'read'; conversation: string; reader: string; upTo: number; to: [string, string] };

const messageColumns = sql`m.id, m.conversation_id, m.sender_id, m.body, m.is_masked, m.client_key, m.created_at,
  a.id as attachment_id, a.file_name, a.content_type, a.byte_size`;

export interface RawMessage {
  id: string | number;
  conversation_id: string;
  sender_id: string;
  body: string;
  is_masked: boolean;
  client_key: string | null;
  created_at: string | Date;
  attachment_id: string | null;
  file_name: string | null;
  content_type: string | null;
  byte_size: number | null;
  employer_id?: string;
  professional_id?: string;
}

const toMessage = (row: RawMessage): MessageRow => ({
  id: Number(row.id),
  conversationId: row.conversation_id,
  senderId: row.sender_id,
  body: row.body,
  isMasked: row.is_masked,
  clientKey: row.client_key,
  createdAt: new Date(row.created_at),
  attachment: row.attachment_id
    ? { id: row.attachment_id, fileName: row.file_name!, contentType: row.content_type!, byteSize: Number(row.byte_size) }
    : null,
});

/** A conversation with the other person and the project, as `userId` sees it. */
const conversationAsSeenBy = (
  userId: string,
) => sql`select c.*, coalesce(c.last_message_at, c.created_at) as active_at, j.title as job_title,
    o.id as other_id, o.role as other_role, o.first_name as other_first_name, o.last_name as other_last_name,
    o.company_name as other_company_name, o.profile_picture_id as other_picture_id
  from conversations c
  join users o on o.id = case when c.employer_id = ${userId} then c.professional_id else c.employer_id end
  left join jobs j on j.id = c.job_id`;

export const toDelivered = (row: RawMessage): DeliveredMessage => ({
  ...toMessage(row),
  employerId: row.employer_id!,
  professionalId: row.professional_id!,
});

/** What a message shows of its attachment: never the bytes. */
const attachmentMeta = {
  id: messageAttachments.id,
  fileName: messageAttachments.fileName,
  contentType: messageAttachments.contentType,
  byteSize: messageAttachments.byteSize,
};

export const sideColumns = {
  employer: { read: 'employer_read_id', unread: 'employer_unread', emailed: 'employer_emailed_id' },
  professional: { read: 'professional_read_id', unread: 'professional_unread', emailed: 'professional_emailed_id' },
} as const;

export function createMessagingRepository(db: Db) {
  return {
    async findConversation(id: string, executor: Db = db) {
      const [row] = await executor.select().from(conversations).where(eq(conversations.id, id));
      return row;
    },

    /**
     * Of these conversations, the ones the user is one of the two people in (for the access rules): anyone
     * else's are left out, so they are not found either.
     */
    async memberGrants(userId: string, ids: readonly string[]) {
      const rows = await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(
          and(inArray(conversations.id, [...ids]), or(eq(conversations.employerId, userId), eq(conversations.professionalId, userId))),
        );
      return new Map(rows.map((row) => [row.id, true]));
    },

    async findConversationByPair(employerId: string, professionalId: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(conversations)
        .where(and(eq(conversations.employerId, employerId), eq(conversations.professionalId, professionalId)));
      return row;
    },

    /** Opens the pair's conversation, or finds it; a project named moves it onto that project. */
    async openConversation(values: { employerId: string; professionalId: string; jobId: string | null; startedBy: string }, tx: Tx) {
      const [row] = await tx
        .insert(conversations)
        .values(values)
        .onConflictDoUpdate({
          target: [conversations.employerId, conversations.professionalId],
          set: { jobId: sql`coalesce(excluded.job_id, ${conversations.jobId})` },
        })
        .returning({ ...getTableColumns(conversations), isNew: sql<boolean>`(xmax = 0)` });
      const { isNew, ...conversation } = row!;
      return { row: conversation, isNew };
    },

    /** Whether the professional applied to, showed interest in or was invited to the employer's projects (that one, if named). */
    async hasHistory(professionalId: string, employerId: string, jobId: string | null, executor: Db = db) {
      const onJob = jobId ? sql`and j.id = ${jobId}` : sql``;
      const [row] = await rowsOf<{ found: boolean }>(
        executor,
        sql`select exists (select 1 from proposals p join jobs j on j.id = p.job_id where p.worker_id = ${professionalId} and j.employer_id = ${employerId} ${onJob})
            or exists (select 1 from job_interests i join jobs j on j.id = i.job_id where i.worker_id = ${professionalId} and j.employer_id = ${employerId} ${onJob})
            or exists (select 1 from job_invitations v join jobs j on j.id = v.job_id where v.professional_id = ${professionalId} and j.employer_id = ${employerId} ${onJob})
            as found`,
      );
      return row?.found === true;
    },

    async findJob(jobId: string, executor: Db = db) {
      const [row] = await rowsOf<{ id: string; title: string; employer_id: string }>(
        executor,
        sql`select id, title, employer_id from jobs where id = ${jobId}`,
      );
      return row;
    },

    /**
     * Whether contact details may pass between the two: they have a contract whose escrow was funded
     * (paid through the platform, whatever happened since), or one paid in cash in person (decision 40).
     */
    async contactAllowed(employerId: string, professionalId: string, executor: Db = db) {
      const [row] = await rowsOf<{ allowed: boolean }>(
        executor,
        sql`select ${fundedBetween(sql`${employerId}::uuid`, sql`${professionalId}::uuid`)} as allowed`,
      );
      return row?.allowed === true;
    },

    /** Of the pairs given, those whose contact details may pass (one query for a page of conversations). */
    async contactAllowedPairs(pairs: { employerId: string; professionalId: string }[], executor: Db = db) {
      if (pairs.length === 0) return new Set<string>();
      const rows = await rowsOf<{ employer_id: string; professional_id: string }>(
        executor,
        sql`select pair.employer_id, pair.professional_id
            from (values ${sql.join(
              pairs.map((pair) => sql`(${pair.employerId}::uuid, ${pair.professionalId}::uuid)`),
              sql`, `,
            )}) as pair(employer_id, professional_id)
            where ${fundedBetween(sql`pair.employer_id`, sql`pair.professional_id`)}`,
      );
      return new Set(rows.map((row) => `${row.employer_id}:${row.professional_id}`));
    },

    /**
     * Everything sending a message checks, in one query: the conversation, a message this sender already
     * stored under `clientKey`, a block either way, whether the other person's account is open, the
     * sender's name (for a first message's notification) and whether contact details may pass.
     */
    async sendContext(conversationId: string, senderId: string, clientKey: string | null, executor: Db = db) {
      const [row] = await rowsOf<{
        id: string;
        employer_id: string;
        professional_id: string;
        last_message_id: string | number | null;
        stored_id: string | number | null;
        is_blocked: boolean;
        other_is_active: boolean;
        role: string;
        first_name: string;
        last_name: string;
        company_name: string | null;
        contact_allowed: boolean;
      }>(
        executor,
        sql`select c.id, c.employer_id, c.professional_id, c.last_message_id,
              ${clientKey === null ? sql`null` : sql`(select m.id from messages m where m.sender_id = ${senderId} and m.client_key = ${clientKey})`} as stored_id,
              exists (select 1 from user_blocks b where (b.blocker_id = c.employer_id and b.blocked_id = c.professional_id)
                or (b.blocker_id = c.professional_id and b.blocked_id = c.employer_id)) as is_blocked,
              (o.deleted_at is null and o.account_status = 'active') as other_is_active,
              s.role, s.first_name, s.last_name, s.company_name,
              ${fundedBetween(sql`c.employer_id`, sql`c.professional_id`)} as contact_allowed
            from conversations c
            join users o on o.id = case when c.employer_id = ${senderId} then c.professional_id else c.employer_id end
            join users s on s.id = ${senderId}
            where c.id = ${conversationId} and ${senderId} in (c.employer_id, c.professional_id)`,
      );
      if (!row) return undefined;
      return {
        conversation: {
          id: row.id,
          employerId: row.employer_id,
          professionalId: row.professional_id,
          lastMessageId: row.last_message_id === null ? null : Number(row.last_message_id),
        } satisfies ConversationParties,
        storedId: row.stored_id === null ? null : Number(row.stored_id),
        isBlocked: row.is_blocked,
        otherIsActive: row.other_is_active,
        sender: { role: row.role, firstName: row.first_name, lastName: row.last_name, companyName: row.company_name },
        contactAllowed: row.contact_allowed,
      };
    },

    /** Who of the two has blocked the other. */
    async blocksBetween(a: string, b: string, executor: Db = db) {
      const rows = await executor
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(
          sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
        );
      return { aBlockedB: rows.some((row) => row.blockerId === a), bBlockedA: rows.some((row) => row.blockerId === b) };
    },

    /** Of these people, whom `userId` has blocked and who has blocked `userId`. */
    async blocksOf(userId: string, otherIds: string[], executor: Db = db) {
      const byYou = new Set<string>();
      const you = new Set<string>();
      if (otherIds.length === 0) return { byYou, you };
      const rows = await rowsOf<{ blocker_id: string; blocked_id: string }>(
        executor,
        sql`select blocker_id, blocked_id from user_blocks
            where (blocker_id = ${userId} and blocked_id in (${uuidList(otherIds)})) or (blocked_id = ${userId} and blocker_id in (${uuidList(otherIds)}))`,
      );
      for (const row of rows) {
        if (row.blocker_id === userId) byYou.add(row.blocked_id);
        else you.add(row.blocker_id);
      }
      return { byYou, you };
    },

    async block(blockerId: string, blockedId: string) {
      await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    },

    async unblock(blockerId: string, blockedId: string) {
      await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    },

    /**
     * Stores a message and counts it unread for the other side; the notice rings every hub once it
     * commits. Call it last in its transaction: it takes the order lock, held until the commit.
     */
    async insertMessage(
      values: {
        conversation: ConversationParties;
        senderSide: Side;
        body: string;
        isMasked: boolean;
        attachmentId: string | null;
        clientKey: string | null;
      },
      tx: Tx,
    ): Promise<MessageRow> {
      const { conversation, senderSide } = values;
      const senderId = senderSide === 'employer' ? conversation.employerId : conversation.professionalId;
      const reader = sideColumns[senderSide === 'employer' ? 'professional' : 'employer'];
      const sender = sideColumns[senderSide];
      await tx.execute(sql`select pg_advisory_xact_lock(${MESSAGE_ORDER_LOCK})`);
      // One statement under the lock, which is held to the commit: the message, the conversation's marks
      // (the sender has read everything up to what they send) and the notice, which carries the message
      // itself when it fits so that every hub delivers it without reading it back.
      const [row] = await rowsOf<RawMessage>(
        tx,
        sql`with m as (
              insert into messages (conversation_id, sender_id, body, is_masked, attachment_id, client_key)
              values (${conversation.id}, ${senderId}, ${values.body}, ${values.isMasked}, ${values.attachmentId}, ${values.clientKey})
              returning id, conversation_id, sender_id, body, is_masked, client_key, created_at, attachment_id),
            marks as (
              update conversations set last_message_id = m.id, last_message_at = m.created_at,
                ${sql.raw(reader.unread)} = ${sql.raw(reader.unread)} + 1, ${sql.raw(sender.read)} = m.id, ${sql.raw(sender.unread)} = 0
              from m where conversations.id = m.conversation_id returning 1),
            stored as (
              select m.id, m.conversation_id, m.sender_id, m.body, m.is_masked, m.client_key, m.created_at,
                a.id as attachment_id, a.file_name, a.content_type, a.byte_size,
                ${conversation.employerId}::uuid as employer_id, ${conversation.professionalId}::uuid as professional_id
              from m left join message_attachments a on a.id = m.attachment_id),
            notice as (
              select pg_notify(${MESSAGING_CHANNEL}, json_build_object('kind', 'message', 'id', s.id,
                'to', json_build_array(s.employer_id, s.professional_id),
                'message', case when octet_length(s.body) + coalesce(octet_length(s.file_name), 0) <= ${INLINE_NOTICE_BYTES} then row_to_json(s) end)::text)
              from stored s)
            select s.*, (select count(*) from marks) as marked, (select count(*) from notice) as rung from stored s`,
      );
      return toMessage(row!);
    },

    async markRead(conversation: ConversationRow, side: Side, upTo: number, tx: Tx) {
      const columns = sideColumns[side];
      const readerId = side === 'employer' ? conversation.employerId : conversation.professionalId;
      const [row] = await rowsOf<{ read_id: string | number; unread: number }>(
        tx,
        sql`update conversations set
              ${sql.raw(columns.read)} = greatest(${sql.raw(columns.read)}, least(${upTo}, coalesce(last_message_id, 0))),
              ${sql.raw(columns.unread)} = (select count(*) from messages m where m.conversation_id = conversations.id
                and m.id > greatest(${sql.raw(columns.read)}, least(${upTo}, coalesce(conversations.last_message_id, 0))) and m.sender_id <> ${readerId})
            where id = ${conversation.id}
            returning ${sql.raw(columns.read)} as read_id, ${sql.raw(columns.unread)} as unread`,
      );
      const readId = Number(row?.read_id ?? 0);
      const notice: MessagingNotice = {
        kind: 'read',
        conversation: conversation.id,
        reader: readerId,
        upTo: readId,
        to: [conversation.employerId, conversation.professionalId],
      };
      await tx.execute(sql`select pg_notify(${MESSAGING_CHANNEL}, ${JSON.stringify(notice)})`);
      return { readId, unread: row?.unread ?? 0 };
    },

    /** A page of someone's conversations, latest activity first, with the other person and the project. */
    async listConversations(userId: string, before: { at: Date; id: string } | null, limit: number, executor: Db = db) {
      const after = before ? sql`and (coalesce(c.last_message_at, c.created_at), c.id) < (${before.at}, ${before.id}::uuid)` : sql``;
      return rowsOf<ConversationListRow>(
        executor,
        sql`${conversationAsSeenBy(userId)}
            where (c.employer_id = ${userId} or c.professional_id = ${userId})
              and (c.last_message_id is not null or c.started_by = ${userId}) ${after}
            order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
            limit ${limit}`,
      );
    },

    async conversationWithOther(conversationId: string, userId: string, executor: Db = db) {
      const [row] = await rowsOf<ConversationListRow>(
        executor,
        sql`${conversationAsSeenBy(userId)}
            where c.id = ${conversationId}`,
      );
      return row;
    },

    async messagesByIds(ids: number[], executor: Db = db): Promise<DeliveredMessage[]> {
      if (ids.length === 0) return [];
      const rows = await rowsOf<RawMessage>(
        executor,
        sql`select ${messageColumns}, c.employer_id, c.professional_id
            from messages m join conversations c on c.id = m.conversation_id
            left join message_attachments a on a.id = m.attachment_id
            where m.id in (${sql.join(
              ids.map((id) => sql`${id}::bigint`),
              sql`, `,
            )}) order by m.id`,
      );
      return rows.map(toDelivered);
    },

    /** A conversation's messages before `beforeId` (newest of them first), one more than asked to tell if more are older. */
    async messagesBefore(conversationId: string, beforeId: number | null, limit: number, executor: Db = db) {
      const older = beforeId === null ? sql`` : sql`and m.id < ${beforeId}`;
      const rows = await rowsOf<RawMessage>(
        executor,
        sql`select ${messageColumns} from messages m left join message_attachments a on a.id = m.attachment_id
            where m.conversation_id = ${conversationId} ${older}
            order by m.id desc limit ${limit + 1}`,
      );
      return rows.map(toMessage);
    },

    /** Everything someone may read stored after `afterId`, oldest first: what a resumed stream missed. */
    async messagesAfter(userId: string, afterId: number, limit: number, executor: Db = db): Promise<DeliveredMessage[]> {
      const rows = await rowsOf<RawMessage>(
        executor,
        sql`select ${messageColumns}, c.employer_id, c.professional_id
            from conversations c
            join messages m on m.conversation_id = c.id and m.id > ${afterId}
            left join message_attachments a on a.id = m.attachment_id
            where c.employer_id = ${userId} or c.professional_id = ${userId}
            order by m.id limit ${limit}`,
      );
      return rows.map(toDelivered);
    },

    async lastMessageId(executor: Db = db) {
      const [row] = await rowsOf<{ id: string | number | null }>(executor, sql`select max(id) as id from messages`);
      return Number(row?.id ?? 0);
    },

    async unreadSummary(userId: string, executor: Db = db) {
      const [row] = await rowsOf<{ total: string | number | null; conversations: string | number | null }>(
        executor,
        sql`select sum(unread) as total, count(*) filter (where unread > 0) as conversations from (
              select employer_unread as unread from conversations where employer_id = ${userId}
              union all
              select professional_unread from conversations where professional_id = ${userId}) as mine`,
      );
      return { unreadTotal: Number(row?.total ?? 0), unreadConversations: Number(row?.conversations ?? 0) };
    },

    async insertAttachment(values: typeof messageAttachments.$inferInsert) {
      const [row] = await db.insert(messageAttachments).values(values).returning(attachmentMeta);
      return row!;
    },

    async findAttachment(id: string, executor: Db = db) {
      const [row] = await executor.select().from(messageAttachments).where(eq(messageAttachments.id, id));
      return row;
    },

    /** Whether the attachment is already on a message (each is sent once). */
    async attachmentSent(id: string, executor: Db = db) {
      const [row] = await rowsOf<{ sent: boolean }>(
        executor,
        sql`select exists (select 1 from messages where attachment_id = ${id}) as sent`,
      );
      return row?.sent === true;
    },

    async insertReport(values: {
      conversationId: string;
      reporterId: string;
      reportedUserId: string;
      reason: ConversationReportReason;
      details: string;
    }) {
      const [row] = await db.insert(conversationReports).values(values).returning();
      return row!;
    },

    /** Resolves an open report with staff's resolution; false when it is no longer open. */
    async resolveReport(id: string, resolution: { resolution: string; resolvedBy: string }, tx: Tx) {
      const [row] = await tx
        .update(conversationReports)
        .set({ status: 'resolved', resolution: resolution.resolution, resolvedBy: resolution.resolvedBy, resolvedAt: sql`now()` })
        .where(and(eq(conversationReports.id, id), eq(conversationReports.status, 'open')))
        .returning({ id: conversationReports.id });
      return row !== undefined;
    },

    /**
     * Conversations whose reader has an unread message older than `olderThan` and has not been
     * e-mailed since they last read: each is e-mailed once, then marked up to its last message.
     */
    async claimUnreadToEmail(olderThan: Date, limit: number, tx: Tx) {
      const rows: UnreadToEmail[] = [];
      for (const side of ['employer', 'professional'] as const) {
        const columns = sideColumns[side];
        const reader = side === 'employer' ? sql.raw('employer_id') : sql.raw('professional_id');
        const sender = side === 'employer' ? sql.raw('professional_id') : sql.raw('employer_id');
        const claimed = await rowsOf<UnreadToEmail>(
          tx,
          sql`with due as (
                select c.id from conversations c
                where c.${sql.raw(columns.unread)} > 0 and c.${sql.raw(columns.emailed)} <= c.${sql.raw(columns.read)}
                  and exists (select 1 from messages m where m.conversation_id = c.id and m.id > c.${sql.raw(columns.read)}
                    and m.sender_id = c.${sender} and m.created_at <= ${olderThan})
                order by c.last_message_at limit ${limit} for update skip locked)
              update conversations c set ${sql.raw(columns.emailed)} = c.last_message_id
              from due where c.id = due.id
              returning c.id as conversation_id, c.${reader} as reader_id, c.${sender} as sender_id, c.${sql.raw(columns.unread)} as unread, c.job_id`,
        );
        rows.push(...claimed);
      }
      return rows;
    },
  };
}

export interface UnreadToEmail {
  conversation_id: string;
  reader_id: string;
  sender_id: string;
  unread: number;
  job_id: string | null;
}

export interface ConversationListRow {
  id: string;
  employer_id: string;
  professional_id: string;
  job_id: string | null;
  started_by: string;
  created_at: string | Date;
  active_at: string | Date;
  last_message_id: string | number | null;
  employer_read_id: string | number;
  professional_read_id: string | number;
  employer_unread: number;
  professional_unread: number;
  job_title: string | null;
  other_id: string;
  other_role: 'employer' | 'professional';
  other_first_name: string;
  other_last_name: string;
  other_company_name: string | null;
  other_picture_id: string | null;
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;

/**
 * Dates a demo conversation's messages as they were written (seed/demo-messages.ts): sent through the service a moment
 * ago, they belong to the demo's past. The order of ids (the stream's order) stays the order of the times.
 */
export async function backdateConversation(db: Db, conversationId: string, sent: readonly { id: number; at: Date }[]) {
  await transaction(db, async (tx) => {
    for (const { id, at } of sent) await tx.update(messages).set({ createdAt: at }).where(eq(messages.id, id));
    await tx
      .update(conversations)
      .set({ createdAt: sent[0]!.at, lastMessageAt: sent.at(-1)!.at })
      .where(eq(conversations.id, conversationId));
  });
}

/** Marks every conversation e-mailed up to its last message: nobody is e-mailed about the demo's past. */
export async function markAllConversationsEmailed(db: Db) {
  await db.execute(sql`update conversations set employer_emailed_id = last_message_id, professional_emailed_id = last_message_id`);
}
