import type { AdminUserRow, UserRole } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, uuidList } from '../../db/rows.ts';

type Amount = { currency: string; minor: number };

/** A platform user as the console lists them, with their last sign-in, projects and earnings per currency. */
export interface UserListRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: UserRole;
  industry_category: string | null;
  emirate: string | null;
  account_status: AdminUserRow['account_status'];
  status_reason: string | null;
  created_at: string | Date;
  last_login: string | Date | null;
  projects_posted: number;
  projects_completed: number;
  earnings: Amount[];
}

/**
 * What the console's Users tab reads about platform users: the users module's rows with the counts and
 * monthly money the triggers keep (user_counts, dashboard_counts, money_by_month), their contracts,
 * their sign-ins and their ledger accounts. Users are written by the users module.
 */
export function createAdminUsersRepository(db: Db) {
  return {
    /** The live users of these ids, in no order (a page the directory index chose). */
    usersByIds: (ids: readonly string[]) =>
      rowsOf<UserListRow>(
        db,
        sql`select u.id, u.first_name, u.last_name, u.email, u.role, u.industry_category, u.emirate, u.account_status, u.status_reason, u.created_at,
            (select max(l.created_at) from login_events l where l.user_id = u.id and l.success) as last_login,
            coalesce(c.projects, 0)::int as projects_posted,
            (case when u.role = 'professional'
              then (select count(*) from contracts k where k.professional_id = u.id and k.status = 'completed')
              else (select count(*) from contracts k where k.employer_id = u.id and k.status = 'completed') end)::int as projects_completed,
            (select coalesce(json_agg(json_build_object('currency', m.currency, 'minor', m.earned)), '[]')
              from (select currency, sum(earned_minor) as earned from money_by_month where user_id = u.id group by currency) m) as earnings
          from users u left join dashboard_counts c on c.user_id = u.id
          where u.id in (${uuidList(ids)}) and u.deleted_at is null`,
      ),

    /** How many users have each role and status. */
    userCounts: () =>
      rowsOf<{ role: string; account_status: string; users: number }>(
        db,
        sql`select role, account_status, users::int as users from user_counts`,
      ),

    /** What the user earned and spent per currency, the projects they posted and the contracts they worked on. */
    async figures(id: string) {
      const [row] = await rowsOf<{ earned: Amount[]; spent: Amount[]; projects_posted: number; projects_worked: number }>(
        db,
        sql`select
            (select coalesce(json_agg(json_build_object('currency', m.currency, 'minor', m.earned)), '[]')
              from (select currency, sum(earned_minor) as earned from money_by_month where user_id = ${id} group by currency) m) as earned,
            (select coalesce(json_agg(json_build_object('currency', m.currency, 'minor', m.spent)), '[]')
              from (select currency, sum(spent_minor) as spent from money_by_month where user_id = ${id} group by currency) m) as spent,
            coalesce((select projects from dashboard_counts where user_id = ${id}), 0)::int as projects_posted,
            (select count(*) from contracts where professional_id = ${id})::int as projects_worked`,
      );
      return row;
    },

    /** The user's latest sign-ins and failed attempts, newest first. */
    loginHistory: (id: string, limit: number) =>
      rowsOf<{
        id: string;
        success: boolean;
        created_at: string | Date;
        ip_address: string | null;
        user_agent: string | null;
        method: string;
      }>(
        db,
        sql`select id, success, created_at, ip_address, user_agent, method from login_events
          where user_id = ${id} order by created_at desc, id desc limit ${limit}`,
      ),
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
