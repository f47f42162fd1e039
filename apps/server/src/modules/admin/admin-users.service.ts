import {
  paginationOf,
  sumConverted,
  toDecimal,
  type AdminUserRow,
  type AdminUsersParams,
  type AdminUsersResponse,
  type UserRole,
} from '@mihna/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { requirePermission, type AdminActor } from './admin-auth.service.ts';

interface UserListRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  industry_category: string | null;
  emirate: string | null;
  account_status: AdminUserRow['account_status'];
  created_at: string | Date;
  last_login: string | Date | null;
  projects_posted: number;
  projects_completed: number;
  earnings: { currency: string; minor: number }[];
}

/** `%` and `_` in a search are the letters typed, not LIKE's wildcards (lower-cased by the database, as search_text is). */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Admin spec §2 Users: the directory with its filters and pages, newest first, and the summary cards.
 * A listing walks and counts the narrow rows of user_directory, and reads the wide user rows of its
 * page only; a search finds a part of a name or an e-mail address anywhere in it (trigrams); the
 * summary cards read the counts a trigger keeps (user_counts). All three: migration 0027.
 */
export function createAdminUsersService(dependencies: { db: Db }) {
  const { db } = dependencies;
  return {
    async list(actor: AdminActor, params: AdminUsersParams): Promise<AdminUsersResponse> {
      requirePermission(actor, 'view_users');
      const filters: SQL[] = [];
      if (params.user_type) filters.push(sql`role = ${params.user_type}`);
      if (params.industry) filters.push(sql`industry_category = ${params.industry}`);
      if (params.search) filters.push(sql`search_text like lower(${likePattern(params.search)})`);
      const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
      const order = params.sort_order === 'asc' ? sql`created_at asc, id asc` : sql`created_at desc, id desc`;
      // Without a search or an industry, the counts a trigger keeps give the total; otherwise a count of
      // its own runs beside the page (one statement counting while it pages sorted every match for page 1).
      const isCountKept = !params.search && !params.industry;
      const page = sql`with page as (select id, created_at from user_directory ${where} order by ${order} offset ${params.skip} limit ${params.limit})`;
      const [rows, counts, matched] = await Promise.all([
        rowsOf<UserListRow>(
          db,
          sql`${page}
            select u.id, u.first_name, u.last_name, u.email, u.role, u.industry_category, u.emirate, u.account_status, u.created_at,
              (select max(l.created_at) from login_events l where l.user_id = u.id and l.success) as last_login,
              coalesce(c.projects, 0)::int as projects_posted,
              (case when u.role = 'professional'
                then (select count(*) from contracts k where k.professional_id = u.id and k.status = 'completed')
                else (select count(*) from contracts k where k.employer_id = u.id and k.status = 'completed') end)::int as projects_completed,
              (select coalesce(json_agg(json_build_object('currency', m.currency, 'minor', m.earned)), '[]')
                from (select currency, sum(earned_minor) as earned from money_by_month where user_id = u.id group by currency) m) as earnings
            from page join users u on u.id = page.id
            left join dashboard_counts c on c.user_id = u.id
            order by ${params.sort_order === 'asc' ? sql`page.created_at asc, page.id asc` : sql`page.created_at desc, page.id desc`}`,
        ),
        rowsOf<{ role: string; account_status: string; users: number }>(
          db,
          sql`select role, account_status, users::int as users from user_counts`,
        ),
        isCountKept ? undefined : rowsOf<{ total: number }>(db, sql`select count(*)::int as total from user_directory ${where}`),
      ]);
      const sum = (keep: (row: (typeof counts)[number]) => boolean) => counts.filter(keep).reduce((total, row) => total + row.users, 0);
      const summary = {
        total: sum(() => true),
        professionals: sum((row) => row.role === 'professional'),
        employers: sum((row) => row.role === 'employer'),
        suspended: sum((row) => row.account_status === 'suspended'),
        blocked: sum((row) => row.account_status === 'blocked'),
      };
      const total = matched ? (matched[0]?.total ?? 0) : sum((row) => !params.user_type || row.role === params.user_type);
      return {
        users: rows.map((row) => ({
          id: row.id,
          full_name: `${row.first_name} ${row.last_name}`.trim(),
          first_name: row.first_name,
          last_name: row.last_name,
          email: row.email,
          role: row.role,
          user_type: row.role,
          industry_category: row.industry_category,
          selected_emirate: row.emirate,
          // What reached the user in each currency, in AED at the reference rates (decision 37).
          total_earnings: toDecimal(sumConverted(row.earnings, 'AED')),
          is_active: row.account_status === 'active',
          account_status: row.account_status,
          created_at: iso(row.created_at),
          last_login: row.last_login ? iso(row.last_login) : null,
          projects_posted: row.projects_posted,
          projects_completed: row.projects_completed,
        })),
        pagination: paginationOf(params.skip, params.limit, total),
        summary,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
