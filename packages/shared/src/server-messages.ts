// Free of zod, like error-codes.ts: the web app reads this catalogue to know what the server may say.
import { messages } from './messages.ts';
import { jobMessages, proposalMessages, searchMessages } from './jobs.ts';
import { paymentMessages, reviewMessages } from './payments.ts';
import { payoutMessages } from './payouts.ts';
import { referenceMessages } from './reference-fields.ts';
import { timeMessages } from './time.ts';
import { invoiceMessages } from './invoices.ts';
import { locationMessages } from './location.ts';
import { messagingMessages } from './messaging.ts';

export const loginMessages = {
  wrongCredentials: 'Incorrect email or password.',
  wrongCode: 'Invalid or expired code. Please request a new one.',
  captchaRequired: 'Please solve the captcha to continue.',
  /** With how long the lock lasts, so the reader knows when to come back. */
  lockedFor: (minutes: number) =>
    `Account temporarily locked. Please try again or use password reset. You can try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` as const,
  inactive: 'This account is not active. Please contact support.',
  codeSent: 'If an account matches, we have sent a code to it.',
  wrongCaptcha: 'Incorrect captcha answer. Please try a new one.',
  notAuthenticated: 'Not authenticated',
  challengeExpired: 'This sign-in has expired. Please sign in again.',
} as const;

export const sessionMessages = {
  notFound: 'There is no such session of yours. It may have ended already.',
  secureLinkExpired: 'This link has expired or was used already. Sign in and end your sessions from the Security page.',
  secured: 'Every session of your account has ended. Choose a new password now.',
} as const;

export const passwordChangeMessages = {
  wrongCurrent: 'The current password is not right.',
  changed: 'Your password was changed. Every other session of your account has ended.',
} as const;

export const stepUpMessages = {
  requiredApp: 'Confirm it is you: enter a code from your authenticator app.',
  requiredEmail: 'Confirm it is you: we will send a 6-digit code to your e-mail.',
  useApp: 'Your account has an authenticator app: enter a code from it instead.',
  requiredPasskey: 'Confirm it is you: use one of your passkeys.',
  usePasskey: 'Your account has a passkey: use it instead.',
  codeSent: 'We sent a 6-digit code to your e-mail.',
} as const;

export const secondFactorMessages = {
  alreadyEnrolled: 'An authenticator app is already set up. Turn it off first to set up another.',
  notStarted: 'Start setting up an authenticator app first.',
  notEnrolled: 'No authenticator app is set up.',
  wrongCode: 'Incorrect code. Please check the code in your authenticator app, or use a recovery code.',
  /** After five wrong codes in a row, with how long the second step stays locked. */
  lockedFor: (minutes: number) =>
    `Too many incorrect codes. You can try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.` as const,
} as const;

export const passkeyMessages = {
  /** A ceremony's challenge that was spent, is past its five minutes, or never was. */
  expired: 'This passkey request has expired. Please try again.',
  /** Any answer of an authenticator that does not check out, whatever the reason, so it reveals nothing. */
  refused: 'That passkey could not be checked. Please try again, or use another way to sign in.',
  unknown: 'This passkey is not registered on Mihna. Sign in another way, then add it on the Security page.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found.',
  tooMany: 'You can register up to 10 passkeys. Remove one to add another.',
} as const;

export const identityMessages = {
  unknownProvider: 'This sign-in method is not available.',
  /** The provider did not answer (its discovery, token or keys endpoint): nothing was created. */
  unavailable: 'The identity service is not answering right now. Please try again later, or sign in another way.',
  ticketExpired: 'This sign-in has expired or was already used. Please start again.',
  /** A new account from an identity whose e-mail address already has one. */
  emailTaken: 'An account with this e-mail already exists. Log in to it, then verify your identity from the Security page.',
  phoneTaken: 'An account with this mobile number already exists. Log in to it, then verify your identity from the Security page.',
  identityTaken: 'This national identity is already linked to another Mihna account.',
  codeSent: 'We sent a 6-digit code to this e-mail. Enter it to create your account.',
  /** A payout from a country whose professionals must verify their identity first (PAYOUTS_REQUIRE_IDENTITY). */
  payoutNeedsIdentity: 'Verify your identity before your first payout: use your national digital identity on the Security page.',
} as const;

export const privacyMessages = {
  exportRequested: 'We are preparing a copy of your data. We will e-mail you when it is ready to download.',
  exportPending: 'A copy of your data is already being prepared. We will e-mail you when it is ready.',
  exportNotFound: 'Download not found.',
  exportExpired: 'This download has expired. Ask for a new copy of your data.',
  deleteActiveContract: 'You cannot delete your account while a contract is in progress (funded or in dispute). Finish it first.',
  deleteMoneyLeft: 'You cannot delete your account while money is still yours on Mihna. Pay out your balance first.',
  deleted: 'Your account is deleted. Your personal details are erased; the records the law requires are kept without them.',
} as const;

export const emailChangeMessages = {
  codeSent: 'We sent a 6-digit code to your new e-mail address. Enter it here to make the change.',
  sameAddress: 'This is already your e-mail address.',
  nothingPending: 'Ask for a code for your new e-mail address first.',
  changed: 'Your e-mail address is changed. We told your old address too.',
} as const;

export const codeMessages = {
  // One message for a wrong, used, expired or missing code, so the answer reveals nothing else.
  refused: 'Invalid or expired code. Please check the code or request a new one.',
  exhausted: 'Too many incorrect codes. Please request a new one.',
  dailyLimit: 'Too many incorrect codes today. Please try again tomorrow or contact support.',
  smsLimit: 'Too many text messages to this number today. Please try again tomorrow or use e-mail.',
  /** The same words wherever a code is asked for too soon. */
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.` as const,
  tooManyToday: 'Too many codes requested for this address today. Please try again tomorrow.',
} as const;

export const registrationMessages = {
  emailTaken: 'An account with this email already exists. Please log in.',
  phoneTaken: 'An account with this mobile number already exists.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  tooManyRegistrations: 'Too many registrations for this email. Please try again in an hour.',
  /** Said when a new submission replaces a waiting one: its code went out at once, and the old ones died. */
  replaced: {
    email: 'We sent a new code to your email. Codes sent before no longer work.',
    sms: 'We sent a new code to your phone. Codes sent before no longer work.',
  },
  resent: { email: 'New verification code sent to your email', sms: 'New verification code sent to your phone' },
  noPendingForEmail: 'No registration is waiting for verification for this email.',
  noPending: 'No registration is waiting for verification. Please register again.',
} as const;

export const resetMessages = {
  requested: 'If an account exists for this email, we have sent a reset code to it.',
  completed: 'Your password has been reset. You can now log in with your new password.',
} as const;

export const accountMessages = {
  onlyOwnProfile: 'You can only edit your own profile.',
  tooManyPictures: 'Too many picture uploads. Please try again in an hour.',
} as const;

export const profileMessages = {
  expertNotFound: 'Expert Not Found',
  employerNotFound: 'Employer Not Found',
} as const;

export const jobServerMessages = {
  posted: 'Project posted successfully!',
  featuredPayment: (days: number, fee: string) =>
    `Your project is posted. To feature it at the top of search results for ${days} days, pay the featured fee of ${fee}.` as const,
} as const;

/**
 * The largest side a picture may have: a phone's 12-megapixel photo (4032 × 3024) fits, while a small
 * file declaring a huge blank canvas, which costs seconds of decoding to shrink to 512 px, does not.
 */
export const MAX_IMAGE_SIDE = 4096;
export const mediaMessages = {
  notAnImage: 'Please select an image file',
  tooLarge: 'Image size must be less than 2MB',
  tooManyPixels: `Image must be at most ${MAX_IMAGE_SIDE} × ${MAX_IMAGE_SIDE} pixels.`,
  busy: 'The server is busy processing other pictures. Please try again in a few seconds.',
} as const;

/** What a guarded ledger account answers when a movement would take it below zero. */
export const ledgerMessages = { insufficientBalance: 'Insufficient balance' } as const;

export const notificationMessages = { notFound: 'Notification not found' } as const;

export const severityMessages = { mild: 'Content Cleaned', moderate: 'Content Violation', severe: 'Serious Violation' } as const;
/** The free-text fields moderation looks at, as a sentence names them. */
const moderatedFields = {
  bio: 'bio',
  company_description: 'company description',
  title: 'title',
  description: 'description',
  proposal_text: 'proposal',
  message: 'message',
  comment: 'review',
} as const;
export type ModeratedField = keyof typeof moderatedFields;
export const moderationMessages = {
  refused: `${severityMessages.severe}: this text contains language that is not allowed on Mihna. Our moderation team will review it and notify you.`,
  cleaned: (severity: 'mild' | 'moderate', field: ModeratedField) =>
    `${severityMessages[severity]}: inappropriate words in your ${moderatedFields[field]} were replaced.` as const,
  /** Public text (profiles, projects) refused for a phone, an e-mail address, a messenger handle or a bank account in it. */
  contactDetails:
    'Please remove contact details (phone numbers, e-mail addresses, messenger handles, bank accounts). They can be shared in messages once a contract is funded.',
} as const;

/** No request of the API nests deeper than a handful of levels; a body may use up to this many. */
export const MAX_JSON_DEPTH = 32;
/** Requests refused before any module reads them. */
export const requestMessages = {
  notFound: 'Not Found',
  methodNotAllowed: 'This address does not accept this method.',
  notAllowedCharacters: 'The request contains characters that are not allowed.',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`,
  notJson: 'The request body is not valid JSON.',
  tooLarge: 'The request body is too large.',
  unsupportedMediaType: 'The request body must be sent as JSON.',
  headersTooLarge: 'The address or the headers of the request are too long.',
  timeout: 'The request took too long to arrive.',
  unreadable: 'The request could not be read.',
  invalidValue: 'Invalid value',
  raced: 'This was just registered by another request. Please try again.',
  tooManyRequests: 'Too many requests from this connection. Please try again later.',
  tooManyMessages: 'Too many messages from this connection. Please try again later.',
  internal: 'Internal Server Error',
  databaseDown: 'The database is not answering.',
  searchStarting: 'Search is starting up. Please try again in a moment.',
} as const;

/** What the admin backend says (admin spec §8 gives the console's own words around these). */
export const adminMessages = {
  forbidden: 'You do not have permission to do this.',
  inactive: 'This admin account is not active.',
  secondFactorSetupRequired: 'Set up two-step verification to use the console.',
  secondFactorReset: 'Two-step verification reset. The admin sets it up again at the next sign-in.',
  noSecondFactor: 'This admin has no two-step verification to reset.',
  notFound: 'Admin user not found',
  emailTaken: 'An admin with this email already exists.',
  lastSuperAdmin: 'The last active super admin must stay an active super admin.',
  notYourself: 'You cannot change your own status, role or permissions, or delete yourself.',
  created: 'Admin user created',
  passwordChanged: 'Admin password changed',
  permissionsUpdated: 'Admin permissions updated',
  statusChanged: (action: 'suspended' | 'reactivated' | 'blocked') => `Admin user ${action}` as const,
  deleted: 'Admin user deleted',
  userNotFound: 'User not found',
  userStatusChanged: (status: 'active' | 'suspended' | 'blocked') => `The account is now ${status}` as const,
  userDeleted: 'User deleted',
  userHasActiveContract: 'This user has a contract in progress. It must end before the account can be deleted.',
  userHasMoney: 'This user has money on the platform. It must be paid out before the account can be deleted.',
  projectNotFound: 'Project not found',
  reportMade: 'PDF report generated',
  disputeNotFound: 'There is no open dispute with this id.',
  reportTooLarge: 'The report would have more than 2,000 entries. Narrow the filters and try again.',
  projectStatusChanged: (status: 'active' | 'suspended' | 'blocked' | 'removed') => `The project is now ${status}` as const,
  deadTaskNotFound: 'There is no dead run with this id. It may have been sent again already.',
  deadTaskRetried: 'The run was sent again. It starts within a few seconds.',
} as const;

/** Why a payment provider's webhook was turned away: the provider's support reads these. */
export const webhookMessages = {
  unsigned: 'Webhook refused: No signature',
  malformed: 'Webhook refused: Malformed signature',
  expired: 'Webhook refused: Signature expired',
  mismatch: 'Webhook refused: Signature does not match',
  notJson: 'Webhook refused: Body is not JSON',
  notAnEvent: 'Webhook refused: Not an event',
} as const;

/**
 * Everything the server says to a person, in the specification's English: errors and the messages of
 * successful answers. The web app translates each by its English text (the validation namespace), and
 * a test checks that every one of them has its Arabic.
 */
export const serverMessages = {
  common: messages,
  reference: referenceMessages,
  login: loginMessages,
  codes: codeMessages,
  secondFactor: secondFactorMessages,
  passkeys: passkeyMessages,
  identity: identityMessages,
  privacy: privacyMessages,
  emailChange: emailChangeMessages,
  session: sessionMessages,
  stepUp: stepUpMessages,
  passwordChange: passwordChangeMessages,
  registration: registrationMessages,
  reset: resetMessages,
  accounts: accountMessages,
  profiles: profileMessages,
  jobs: { ...jobMessages, ...jobServerMessages },
  proposals: proposalMessages,
  search: searchMessages,
  payments: paymentMessages,
  reviews: reviewMessages,
  payouts: payoutMessages,
  time: timeMessages,
  invoices: invoiceMessages,
  location: locationMessages,
  ledger: ledgerMessages,
  media: mediaMessages,
  notifications: notificationMessages,
  moderation: moderationMessages,
  requests: requestMessages,
  webhooks: webhookMessages,
  admin: adminMessages,
  messaging: messagingMessages,
} as const;

type Said<T> = T extends string ? T : T extends (...args: never[]) => infer R ? R : T extends object ? Said<T[keyof T]> : never;
/** A sentence from the catalogue; the server's errors take nothing else. */
export type ServerMessage = Said<typeof serverMessages>;
// Were a message's type to widen to string, the compiler would stop keeping text out of AppError.
const staysNarrow: string extends ServerMessage ? never : true = true;
void staysNarrow;
