import type { JobStatus, ProjectModerationStatus, ProjectState, UserAccountStatus } from '@mihna/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf, uuidList } from '../../db/rows.ts';

/** A project as the console lists it, with its employer and the professional hired on it. */
export interface ProjectRow {
  id: string;
  title: string;
  employer_id: string;
  employer_name: string;
  employer_account_status: UserAccountStatus;
  status: JobStatus;
  moderation_status: ProjectModerationStatus;
  moderation_reason: string | null;
  industry_category: string | null;
  job_type: 'hourly' | 'fixed';
  featured_until: string | Date | null;
  budget_min_minor: string;
  budget_max_minor: string;
  currency: string;
  created_at: string | Date;
  proposal_count: number;
  assigned_professional_name: string | null;
}

/** A project for the detail modal: its description and its employer's contact. */
export type ProjectDetailRow = ProjectRow & {
  description: string;
  email: string;
  company_name: string | null;
  account_status: UserAccountStatus;
};

/** A project row's columns, the hired professional's name with them. */
const projectColumns = sql`j.id, j.title, j.employer_id, trim(e.first_name || ' ' || e.last_name) as employer_name, e.account_status as employer_account_status, j.status,
  j.moderation_status, j.moderation_reason, j.industry_category, j.job_type, j.featured_until,
  j.budget_min_minor::text as budget_min_minor, j.budget_max_minor::text as budget_max_minor, j.currency, j.created_at, j.proposal_count,
  (select trim(w.first_name || ' ' || w.last_name) from contracts k join users w on w.id = k.professional_id
    where k.job_id = j.id order by k.created_at desc limit 1) as assigned_professional_name`;

/** What the console's Projects tab reads: jobs with their employers and contracts, and the counts a trigger keeps (project_counts). */
export function createAdminProjectsRepository(db: Db) {
  return {
    async findProject(id: string): Promise<ProjectDetailRow | undefined> {
      const [row] = await rowsOf<ProjectDetailRow>(
        db,
        sql`select ${projectColumns}, j.description, e.email, e.company_name, e.account_status
        from jobs j join users e on e.id = j.employer_id where j.id = ${id}`,
      );
      return row;
    },

    /** The projects of these ids, in no order (a page the directory index chose). */
    projectsByIds: (ids: readonly string[]) =>
      rowsOf<ProjectRow>(
        db,
        sql`select ${projectColumns} from jobs j join users e on e.id = j.employer_id where j.id in (${uuidList(ids)})`,
      ),

    /** How many projects are in each state. */
    stateCounts: () =>
      rowsOf<{ state: ProjectState; projects: number }>(
        db,
        sql`select state, sum(projects)::int as projects from project_counts group by state`,
      ),
  };
}

export type AdminProjectsRepository = ReturnType<typeof createAdminProjectsRepository>;
