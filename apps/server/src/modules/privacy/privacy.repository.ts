import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import type { Tx } from '../../db/transaction.ts';
import { dataExports } from './privacy.schema.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

/** A section of the archive: `row` (a JSON expression) for every row `from` finds, oldest first by `order`. */
const rowsAsJson = (row: SQL, from: SQL, order = sql`created_at`) =>
  sql`coalesce((select jsonb_agg(${row} order by ${order}) ${from}), '[]'::jsonb)`;

/**
 * What the archive holds of a user, read-only across the modules' tables (as the ledger's checker does):
 * what they wrote, agreed, earned, paid and were told, without anything secret (password and token
 * hashes, sealed secrets, the national ID's hash, files' bytes) or anyone else's private details.
 */
function archiveQuery(userId: string) {
  const id = sql`${userId}::uuid`;
  const contractIds = sql`(select id from contracts where employer_id = ${id} or professional_id = ${id})`;
  const conversationIds = sql`(select id from conversations where employer_id = ${id} or professional_id = ${id})`;
  const sections: Record<string, SQL> = {
    account: sql`(select to_jsonb(u) - 'password_hash' - 'search_vector' from users u where u.id = ${id})`,
    identity_verifications: rowsAsJson(
      sql`jsonb_build_object('provider', l.provider, 'full_name_en', l.full_name_en, 'full_name_ar', l.full_name_ar, 'nationality', l.nationality, 'verified_at', l.verified_at)`,
      sql`from identity_links l where l.user_id = ${id}`,
      sql`l.verified_at`,
    ),
    projects: rowsAsJson(sql`to_jsonb(j) - 'search_vector'`, sql`from jobs j where j.employer_id = ${id}`),
    proposals: rowsAsJson(sql`to_jsonb(p)`, sql`from proposals p where p.worker_id = ${id}`),
    interests: rowsAsJson(sql`to_jsonb(i)`, sql`from job_interests i where i.worker_id = ${id}`),
    // The invitation's note is left out: an employer's contact details in it are masked until a contract is funded (decision 42).
    invitations: rowsAsJson(
      sql`jsonb_build_object('job_id', i.job_id, 'created_at', i.created_at)`,
      sql`from job_invitations i where i.professional_id = ${id}`,
      sql`i.created_at`,
    ),
    contracts: rowsAsJson(sql`to_jsonb(c)`, sql`from contracts c where c.id in ${contractIds}`),
    payments: rowsAsJson(sql`to_jsonb(p)`, sql`from payments p where p.contract_id in ${contractIds}`),
    milestones: rowsAsJson(
      sql`to_jsonb(m)`,
      sql`from milestones m where m.payment_id in (select id from payments where contract_id in ${contractIds})`,
      sql`m.submitted_at`,
    ),
    disputes: rowsAsJson(
      sql`jsonb_build_object('id', d.id, 'payment_id', d.payment_id, 'opened_by', d.opened_by, 'reason', d.reason, 'description', d.description, 'status', d.status, 'decision', d.decision, 'resolution_note', d.resolution_note, 'created_at', d.created_at, 'resolved_at', d.resolved_at)`,
      sql`from disputes d where d.payment_id in (select id from payments where contract_id in ${contractIds})`,
      sql`d.created_at`,
    ),
    time_entries: rowsAsJson(sql`to_jsonb(t)`, sql`from time_entries t where t.professional_id = ${id}`),
    timesheets: rowsAsJson(sql`to_jsonb(t)`, sql`from timesheets t where t.contract_id in ${contractIds}`, sql`t.week_start`),
    conversations: rowsAsJson(
      sql`jsonb_build_object('id', c.id, 'employer_id', c.employer_id, 'professional_id', c.professional_id, 'job_id', c.job_id, 'created_at', c.created_at)`,
      sql`from conversations c where c.id in ${conversationIds}`,
      sql`c.created_at`,
    ),
    // Attachments by their names: the files stay on the platform.
    messages: rowsAsJson(
      sql`jsonb_build_object('id', m.id, 'conversation_id', m.conversation_id, 'sender_id', m.sender_id, 'body', m.body, 'attachment_name', a.file_name, 'created_at', m.created_at)
       `,
      sql`from messages m left join message_attachments a on a.id = m.attachment_id where m.conversation_id in ${conversationIds}`,
      sql`m.created_at`,
    ),
    reviews_given: rowsAsJson(sql`to_jsonb(r)`, sql`from reviews r where r.reviewer_id = ${id}`),
    // A review of them is theirs to read once it is released to them (the double-blind wait).
    reviews_received: rowsAsJson(sql`to_jsonb(r)`, sql`from reviews r where r.reviewee_id = ${id} and r.released_at is not null`),
    tax_invoices: rowsAsJson(sql`to_jsonb(i)`, sql`from tax_invoices i where i.buyer_id = ${id}`, sql`i.issued_at`),
    payment_receipts: rowsAsJson(sql`to_jsonb(r)`, sql`from payment_receipts r where r.payer_id = ${id}`, sql`r.paid_at`),
    payouts: rowsAsJson(
      sql`jsonb_build_object('id', p.id, 'amount_minor', p.amount_minor, 'currency', p.currency, 'iban_last4', p.iban_last4, 'account_holder', p.account_holder, 'status', p.status, 'failure_reason', p.failure_reason, 'created_at', p.created_at, 'paid_at', p.paid_at, 'failed_at', p.failed_at)`,
      sql`from payouts p where p.professional_id = ${id}`,
      sql`p.created_at`,
    ),
    payout_methods: rowsAsJson(
      sql`jsonb_build_object('iban_last4', m.iban_last4, 'country', m.country, 'account_holder', m.account_holder, 'usable_from', m.usable_from, 'removed_at', m.removed_at, 'created_at', m.created_at)`,
      sql`from payout_methods m where m.professional_id = ${id}`,
      sql`m.created_at`,
    ),
    sessions: rowsAsJson(
      sql`jsonb_build_object('ip_address', s.ip_address, 'user_agent', s.user_agent, 'created_at', s.created_at, 'last_seen_at', s.last_seen_at, 'expires_at', s.expires_at, 'revoked_at', s.revoked_at)`,
      sql`from sessions s where s.user_id = ${id}`,
      sql`s.created_at`,
    ),
    sign_ins: rowsAsJson(
      sql`jsonb_build_object('method', e.method, 'success', e.success, 'ip_address', e.ip_address, 'user_agent', e.user_agent, 'created_at', e.created_at)`,
      sql`from login_events e where e.user_id = ${id}`,
      sql`e.created_at`,
    ),
    passkeys: rowsAsJson(
      sql`jsonb_build_object('name', k.name, 'created_at', k.created_at, 'last_used_at', k.last_used_at)`,
      sql`from passkeys k where k.user_id = ${id}`,
      sql`k.created_at`,
    ),
    // What they agreed to be sent: the newsletter, by their address.
    consents: rowsAsJson(
      sql`jsonb_build_object('kind', 'newsletter', 'email', n.email, 'language', n.language, 'given_at', n.created_at)`,
      sql`from newsletter_subscriptions n
        where lower(n.email) = (select lower(email) from users where id = ${id})`,
      sql`n.created_at`,
    ),
    notifications: rowsAsJson(
      sql`jsonb_build_object('kind', n.kind, 'title', n.title, 'message', n.message, 'link', n.link, 'created_at', n.created_at)`,
      sql`from notifications n where n.user_id = ${id}`,
      sql`n.created_at`,
    ),
  };
  return sql`select jsonb_build_object(${sql.join(
    Object.entries(sections).map(([name, section]) => sql`${name}::text, ${section}`),
    sql`, `,
  )}) as archive`;
}

/** The privacy module's rows: data exports; and the reads across the modules that export and deletion need. */
export function createPrivacyRepository(db: Db) {
  return {
    /** A new export, unless one is being made: undefined then. */
    async insertExport(userId: string, at: Date, tx: Tx) {
      const [row] = await tx.insert(dataExports).values({ userId, createdAt: at }).onConflictDoNothing().returning();
      return row;
    },
    listExports(userId: string, limit: number) {
      return db.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.createdAt)).limit(limit);
    },
    async findExport(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.id, id), eq(dataExports.userId, userId)));
      return row;
    },
    /** Pending exports to make, each taken by one process (a crashed one's are taken again). */
    async claimPending(limit: number, now: Date, tx: Tx) {
      const at = now.toISOString();
      return rowsOf<{ id: string; user_id: string; attempts: number }>(
        tx,
        sql`update data_exports set attempts = attempts + 1, attempted_at = ${at}::timestamptz where id in (
              select id from data_exports where status = 'pending'
                and (attempted_at is null or attempted_at < ${at}::timestamptz - interval '5 minutes')
              order by created_at limit ${limit} for update skip locked)
            returning id, user_id, attempts`,
      );
    },
    async archiveOf(userId: string, tx: Tx) {
      const [row] = await rowsOf<{ archive: Record<string, unknown> }>(tx, archiveQuery(userId));
      return row!.archive;
    },
    /** Finishes the export this process claimed (`attempts` as it claimed it); false when another process has since taken or finished it. */
    async finishExport(
      claim: { id: string; attempts: number },
      outcome: { archive: string; readyAt: Date; expiresAt: Date } | { failed: true },
      tx: Tx,
    ) {
      const finished = await tx
        .update(dataExports)
        .set(
          'failed' in outcome
            ? { status: 'failed' }
            : {
                status: 'ready',
                archive: outcome.archive,
                byteSize: Buffer.byteLength(outcome.archive),
                readyAt: outcome.readyAt,
                expiresAt: outcome.expiresAt,
              },
        )
        .where(and(eq(dataExports.id, claim.id), eq(dataExports.status, 'pending'), eq(dataExports.attempts, claim.attempts)))
        .returning({ id: dataExports.id });
      return finished.length > 0;
    },
    /** A deleted account's copies go with it. */
    async removeExportsOf(userId: string, tx: Tx) {
      await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    },
    /** Archives past their seven days: their contents go, the row stays to say one was made. */
    async dropExpiredArchives(now: Date) {
      await db.execute(
        sql`update data_exports set archive = null where archive is not null and expires_at < ${now.toISOString()}::timestamptz`,
      );
    },

    /** What keeps an account from being deleted: contracts in progress (funded, disputed), and money still held for it. */
    async openObligations(id: string, tx: Tx) {
      const [row] = await rowsOf<{ contracts: number; money: number }>(
        tx,
        sql`select
            (select count(*)::int from contracts where status = 'active' and (employer_id = ${id} or professional_id = ${id})) as contracts,
            (select count(*)::int from ledger_accounts where owner_id = ${id} and balance_minor <> 0) as money`,
      );
      return { contracts: row?.contracts ?? 0, money: row?.money ?? 0 };
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
