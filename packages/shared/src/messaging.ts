import { z } from 'zod';
import { messages } from './messages.ts';
import { hasControlCharacters } from './plain-text.ts';

/** A message's longest text; a longer one is refused in the catalogue's words. */
export const MESSAGE_MAX_LENGTH = 5000;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Messages a person may send: a burst a minute, and a day's worth. */
export const MESSAGES_PER_MINUTE = 30;
export const MESSAGES_PER_DAY = 1000;
/** New conversations a person may start a day (floods of cold messages). */
export const CONVERSATIONS_PER_DAY = 50;
/** An unread message this old is e-mailed to its reader, once per conversation until they read it. */
export const UNREAD_EMAIL_MINUTES = 15;
export const MESSAGE_PAGE_SIZE = 30;
export const CONVERSATION_PAGE_SIZE = 20;

export const conversationReportReasons = ['spam', 'off_platform', 'abuse', 'scam', 'other'] as const;
export type ConversationReportReason = (typeof conversationReportReasons)[number];

/** The server's answers about messages. */
export const messagingMessages = {
  conversationNotFound: 'Conversation not found',
  userNotFound: 'User not found',
  notYourself: 'You cannot message yourself.',
  employerAndProfessional: 'Conversations are between an employer and a professional.',
  applyFirst: 'You can message an employer once you have applied to one of their projects.',
  blocked: 'You cannot message this person.',
  inactive: 'This account is not active.',
  tooFast: 'You are sending messages too quickly. Please wait a moment and try again.',
  dailyLimit: 'You have reached today’s message limit. Please try again tomorrow.',
  tooManyConversations: 'You have started too many new conversations today. Please try again tomorrow.',
  emptyMessage: 'Please write a message or attach a file.',
  fileTooLarge: 'Files can be up to 10 MB.',
  fileType: 'This type of file cannot be sent. Send images, PDFs or Office documents.',
  fileNotFound: 'File not found',
  reportSent: 'Thank you. Our team will review this conversation.',
  reportNotFound: 'Report not found',
  reportResolved: 'Report resolved',
  reportAlreadyResolved: 'This report has already been resolved.',
} as const;

const messageText = z
  .string()
  .trim()
  .max(MESSAGE_MAX_LENGTH, messages.maxLength(MESSAGE_MAX_LENGTH))
  .refine((value) => !hasControlCharacters(value), messages.invalidFormat);

/** POST /api/conversations: the conversation with this person, opened (or found), optionally about a project. */
export const startConversationRequestSchema = z.object({
  participant_id: z.uuid(messages.invalidFormat),
  job_id: z.uuid(messages.invalidFormat).optional(),
});
export type StartConversationRequest = z.infer<typeof startConversationRequestSchema>;

export const sendMessageRequestSchema = z.object({
  body: messageText.default(''),
  attachment_id: z.uuid(messages.invalidFormat).optional(),
  /** The sender's id for this message: sending it again (after a lost answer) stores it once. */
  client_key: z.string().min(1).max(64).optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const markReadRequestSchema = z.object({ up_to: z.number().int().min(0) });

export const reportConversationRequestSchema = z.object({
  reason: z.enum(conversationReportReasons, messages.required),
  details: z
    .string()
    .trim()
    .max(2000, messages.maxLength(2000))
    .refine((value) => !hasControlCharacters(value), messages.invalidFormat)
    .default(''),
});

export const attachmentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** The API path that downloads it (participants only). */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  /** Increases in the order messages are stored: the SSE event id, and the cursor for older pages. */
  id: z.number().int(),
  conversation_id: z.string(),
  sender_id: z.string(),
  body: z.string(),
  /** Contact details were hidden because the contract between the two was not yet funded. */
  is_masked: z.boolean(),
  attachment: attachmentSchema.nullable(),
  client_key: z.string().nullable(),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['employer', 'professional']),
  profile_picture_url: z.string().nullable(),
});

export const conversationSchema = z.object({
  id: z.string(),
  other: conversationPersonSchema,
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  last_message: messageSchema.nullable(),
  unread_count: z.number().int(),
  /** The last of your messages the other person has read. */
  other_read_id: z.number().int(),
  /** Contact details pass: the two have a funded contract. */
  contact_details_allowed: z.boolean(),
  blocked_by_you: z.boolean(),
  blocked_you: z.boolean(),
  created_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Pass as `before` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const messagePageSchema = z.object({
  /** Oldest first. */
  messages: z.array(messageSchema),
  has_older: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const unreadSummarySchema = z.object({ unread_total: z.number().int(), unread_conversations: z.number().int() });
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

/** What the live stream sends: a new message (its id is the event id), or that someone read up to a message. */
export type MessagingEvent =
  { type: 'message'; message: Message } | { type: 'read'; conversation_id: string; reader_id: string; up_to: number };

/** The console (admin spec, beyond it): a report of a conversation as staff see it in the list, before reading it. */
const reportPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() });
export const adminReportSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  reason: z.enum(conversationReportReasons),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  resolution: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  reporter: reportPersonSchema,
  reported: reportPersonSchema,
  project_title: z.string().nullable(),
  message_count: z.number().int(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponseSchema = z.object({ reports: z.array(adminReportSchema) });
export const adminReportsParamsSchema = z.object({ status: z.enum(['open', 'resolved']).default('open') });

/** GET /api/admin/reports/{id}/conversation: the reported conversation, read by staff (and written in the audit log). */
export const adminReportConversationSchema = z.object({
  report: adminReportSchema,
  /** Oldest first: the latest messages, up to 500. */
  messages: z.array(messageSchema),
  has_older: z.boolean(),
});
export type AdminReportConversation = z.infer<typeof adminReportConversationSchema>;

/** POST /api/admin/reports/{id}/resolve: what staff found and did, kept with the report and in the audit log. */
export const resolveReportRequestSchema = z.object({
  resolution: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(2000, messages.maxLength(2000))
    .refine((value) => !hasControlCharacters(value), messages.invalidFormat),
});
