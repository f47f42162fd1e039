import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  checkoutPurposes,
  checkoutStatuses,
  disputeDecisions,
  disputeStatuses,
  milestoneStatuses,
  paymentStatuses,
  payoutStatuses,
} from '@mihna/shared';
import { contracts } from '../contracts/contracts.schema.ts';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { users } from '../users/users.schema.ts';

/**
 * What each user earned (professionals) and spent (employers) per currency and month (its first day,
 * Gulf time), kept by the ledger's writer in the transaction that moves the money, so that dashboards
 * read a year in a dozen rows. The ledger invariants check it against the ledger.
 */
export const moneyByMonth = pgTable(
  'money_by_month',
  {
    userId: uuid('user_id').notNull(),
    currency: text('currency').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    earnedMinor: bigint('earned_minor', { mode: 'number' }).notNull().default(0),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.currency, table.month] })],
);

/** A contract's payment plan: the milestones' total, funded once into escrow (or paid in cash). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    status: text('status', { enum: paymentStatuses }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    isCash: boolean('is_cash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payments_contract_idx').on(table.contractId),
    uniqueIndex('payments_job_idx').on(table.jobId),
    check('payments_total_positive', sql`${table.totalMinor} > 0`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    status: text('status', { enum: milestoneStatuses }).notNull().default('pending'),
    submissionNotes: text('submission_notes'),
    deliverableUrls: text('deliverable_urls')
      .array()
      .notNull()
      .default(sql`'{}'`),
    reviewerNotes: text('reviewer_notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** Set when the approved-automatically warning went out, so it goes out once. */
    autoApprovalWarnedAt: timestamp('auto_approval_warned_at', { withTimezone: true }),
    isAutoApproved: boolean('is_auto_approved').notNull().default(false),
    /**
     * The dispute about this milestone. A dispute's resolution settles every milestone it holds, so a
     * milestone with a dispute that is not settled yet is on hold: nothing of it moves (decision 45).
     */
    disputeId: uuid('dispute_id').references((): AnyPgColumn => disputes.id, { onDelete: 'restrict' }),
  },
  (table) => [
    uniqueIndex('milestones_payment_position_idx').on(table.paymentId, table.position),
    index('milestones_submitted_idx')
      .on(table.submittedAt)
      .where(sql`${table.status} = 'submitted'`),
    index('milestones_dispute_idx')
      .on(table.disputeId)
      .where(sql`${table.disputeId} is not null`),
    check('milestones_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** A hosted payment page for one charge: the featured fee of a job, or a payment's escrow. */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: checkoutPurposes }).notNull(),
    /** The job (featured) or the payment (escrow) being paid for. */
    subjectId: uuid('subject_id').notNull(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    provider: text('provider').notNull(),
    /** The provider's id of the session (Stripe's cs_…; the checkout's own id for the test gateway). */
    providerSessionId: text('provider_session_id'),
    providerPaymentId: text('provider_payment_id'),
    url: text('url'),
    /** The site's own origin the payer opened the checkout from, where they return to (the public address when unknown). */
    returnOrigin: text('return_origin'),
    /** The language the payer was reading in: their receipt's e-mail speaks it. */
    language: text('language', { enum: ['en', 'ar'] }),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    // Asking again while a checkout is open reuses it: one open checkout per charge.
    uniqueIndex('checkouts_open_subject_idx')
      .on(table.purpose, table.subjectId)
      .where(sql`${table.status} = 'open'`),
    // A charge is paid at most once.
    uniqueIndex('checkouts_paid_subject_idx')
      .on(table.purpose, table.subjectId)
      .where(sql`${table.status} = 'paid'`),
    uniqueIndex('checkouts_provider_session_idx').on(table.provider, table.providerSessionId),
  ],
);

/** The webhook inbox: every provider event, stored by its id before it is applied, applied once. */
export const providerEvents = pgTable(
  'provider_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('provider_events_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.appliedAt} is null`),
  ],
);

/** What resolving a dispute does, decided once (disputes.resolution_plan). */
export interface DisputeResolutionPlan {
  decision: 'release' | 'refund' | 'split';
  note: string;
  endContract: boolean;
  staffId: string;
  /** Each pending hold it settles: how much of it goes to the professional (the rest back to the employer). */
  holds: { holdId: string; milestoneId: string; releaseMinor: number }[];
  /** What each charge gives back, under the key the provider is asked with. */
  refunds: { providerPaymentId: string; amountMinor: number; key: string }[];
  heldMinor: number;
  refundedOtherMinor: number;
}

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    openedBy: uuid('opened_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: disputeStatuses }).notNull().default('open'),
    /** The payment's status when the dispute was opened. */
    previousStatus: text('previous_status', { enum: paymentStatuses }).notNull(),
    /** Mihna's decision on what the dispute held, and its note to both parties. */
    decision: text('decision', { enum: disputeDecisions }),
    resolutionNote: text('resolution_note'),
    /** Whether staff also ended the contract, refunding what escrow held for the other milestones. */
    endedContract: boolean('ended_contract').notNull().default(false),
    /**
     * Staff's decision, worked out and kept before any refund is asked of the provider, while the dispute
     * is still open: carried out exactly as planned, by the resolution that kept it or by the next
     * attempt, so a refund is never asked twice, nor for another amount (payment-disputes.ts).
     */
    resolutionPlan: jsonb('resolution_plan').$type<DisputeResolutionPlan>(),
    resolvedBy: uuid('resolved_by'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('disputes_open_payment_idx')
      .on(table.paymentId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * Ledger accounts, one per kind, owner and currency. `balance_minor` is kept for guarded accounts
 * (in their normal direction) so a row lock orders spending and a check makes overdrawing impossible.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** The user (balances), the payment (escrow), or the nil uuid for the platform's own accounts. */
    ownerId: uuid('owner_id').notNull(),
    currency: text('currency').notNull(),
    normal: text('normal', { enum: ['debit', 'credit'] }).notNull(),
    isGuarded: boolean('is_guarded').notNull(),
    /** Off-platform (cash) accounts count in settlement value, never in balances. */
    isOffPlatform: boolean('is_off_platform').notNull().default(false),
    balanceMinor: bigint('balance_minor', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('ledger_accounts_kind_owner_currency_idx').on(table.kind, table.ownerId, table.currency),
    check('ledger_accounts_guarded_not_negative', sql`not ${table.isGuarded} or ${table.balanceMinor} >= 0`),
  ],
);

/** One balanced movement of money; `reference` makes each real-world event land at most once. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    reference: text('reference').notNull(),
    paymentId: uuid('payment_id'),
    milestoneId: uuid('milestone_id'),
    jobId: uuid('job_id'),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_reference_idx').on(table.reference),
    index('ledger_transactions_payment_idx').on(table.paymentId),
    index('ledger_transactions_kind_idx').on(table.kind, table.createdAt),
    index('ledger_transactions_milestone_idx').on(table.milestoneId),
    index('ledger_transactions_created_idx').on(table.createdAt),
    // An employer's spending is read through their jobs.
    index('ledger_transactions_job_idx').on(table.jobId),
  ],
);

/** Debits positive, credits negative; never updated or deleted (a trigger refuses it, migration 0007). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    check('ledger_entries_not_zero', sql`${table.amountMinor} <> 0`),
  ],
);

/**
 * Escrow as two-phase transfers: funding a payment opens one pending hold per milestone, which is
 * later posted (released to the professional) or voided (refunded), once.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    milestoneId: uuid('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'posted', 'voided'] })
      .notNull()
      .default('pending'),
    postedMinor: bigint('posted_minor', { mode: 'number' }).notNull().default(0),
    voidedMinor: bigint('voided_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('ledger_holds_milestone_idx').on(table.milestoneId),
    index('ledger_holds_payment_idx').on(table.paymentId),
    check(
      'ledger_holds_closed_sum',
      sql`${table.status} = 'pending' or ${table.postedMinor} + ${table.voidedMinor} = ${table.amountMinor}`,
    ),
  ],
);

/**
 * A professional's saved bank accounts, the only places payouts go. The IBAN is sealed under the data
 * key (lib/data-key.ts); the last four characters and a keyed hash recognise it. A new one is usable
 * 24 hours after it is added, and the account's e-mail is told at once, with a link that freezes payouts.
 */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ibanSealed: text('iban_sealed').notNull(),
    ibanLast4: text('iban_last4').notNull(),
    ibanFingerprint: text('iban_fingerprint').notNull(),
    country: text('country').notNull(),
    accountHolder: text('account_holder').notNull(),
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('payout_methods_account_idx')
      .on(table.professionalId, table.ibanFingerprint)
      .where(sql`${table.removedAt} is null`),
  ],
);

/** Payouts frozen by the account's owner from the link of a new method's e-mail, until a password reset lifts it. */
export const payoutFreezes = pgTable('payout_freezes', {
  professionalId: uuid('professional_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull(),
});

/** The freeze link of a new payout method's e-mail: one use, seven days, kept hashed. */
export const payoutFreezeLinks = pgTable(
  'payout_freeze_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payoutMethodId: uuid('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('payout_freeze_links_token_idx').on(table.tokenHash)],
);

/** A professional's request to move their available balance to a bank account. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** Only the last four characters are kept beside the provider's own record of the account. */
    ibanLast4: text('iban_last4').notNull(),
    /** A keyed hash of the whole IBAN: the same bank account is recognised without keeping its number. */
    ibanFingerprint: text('iban_fingerprint'),
    accountHolder: text('account_holder').notNull(),
    /** The saved payout method it went to (none for payouts made before methods were saved). */
    payoutMethodId: uuid('payout_method_id').references(() => payoutMethods.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    /** The provider's account that receives it (a Stripe Connect account holding the bank account). */
    providerAccountId: text('provider_account_id'),
    providerPayoutId: text('provider_payout_id'),
    status: text('status', { enum: payoutStatuses }).notNull().default('requested'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('payouts_professional_idx').on(table.professionalId, table.createdAt.desc().nullsFirst()),
    index('payouts_account_idx').on(table.professionalId, table.ibanFingerprint),
    check('payouts_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);
