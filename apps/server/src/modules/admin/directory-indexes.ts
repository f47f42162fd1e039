import type { Db } from '../../db/client.ts';
import { createDirectoryIndex, type DirectoryEntry, type DirectoryIndex } from '../../search/directory-index.ts';
import { createLiveIndex, type IndexSource } from '../../search/live-index.ts';
import { changesSince } from '../../search/live-index.repository.ts';
import type { PagePlan } from '../../search/sort-orders.ts';
import {
  projectDirectoryRows,
  pruneUserDirectoryChanges,
  type ProjectDirectoryRow,
  type UserDirectoryRow,
  userDirectoryRows,
} from './directory.repository.ts';

/**
 * The console's directories in memory (search/directory-index.ts), loaded from the narrow rows that
 * triggers keep (user_directory, migration 0027; project_directory, migration 0029) and kept current
 * from their change logs (user_directory_changes, migration 0030; job_changes, migration 0014).
 */

/** A filter token: `state:open`, `industry:technology_it`. */
const facet = (kind: string) => (value: string) => `${kind}:${value}`;
/** An entry's facets: its own, and its industry when it has one. */
const facetsOf = (own: string, industry: string | null) => [own, ...(industry ? [facet('industry')(industry)] : [])];

/** The facets a user can be filtered by. */
export const userFacets = { role: facet('role'), industry: facet('industry') };

const userSource = (plan: PagePlan): IndexSource<UserDirectoryRow, DirectoryEntry, DirectoryIndex> => ({
  ...userDirectoryRows,
  toDoc: (row) => ({
    id: row.id,
    createdUs: Number(row.created_us),
    text: row.search_text,
    facets: facetsOf(userFacets.role(row.role), row.industry_category),
  }),
  create: (sealed) => createDirectoryIndex({ plan, sealed }),
});

/** The facets a project can be filtered by. */
export const projectFacets = { state: facet('state'), industry: facet('industry') };

const projectSource = (plan: PagePlan): IndexSource<ProjectDirectoryRow, DirectoryEntry, DirectoryIndex> => ({
  ...projectDirectoryRows,
  toDoc: (row) => ({
    id: row.id,
    createdUs: Number(row.created_us),
    text: row.search_text,
    facets: facetsOf(projectFacets.state(row.state), row.industry_category),
    range: { low: Number(row.budget_min_usd), high: Number(row.budget_max_usd) },
  }),
  create: (sealed) => createDirectoryIndex({ plan, sealed }),
});

/** The changes each directory reads after `horizon` (search/live-index.test.ts checks their plans). */
export const directoryChangesSince = {
  users: (horizon: string, skipped: string[]) => changesSince(userSource('cheaper'), horizon, skipped),
  projects: (horizon: string, skipped: string[]) => changesSince(projectSource('cheaper'), horizon, skipped),
};

/** `plan`: how pages are read (tests make each way run; otherwise the cheaper). */
export function createDirectoryIndexes(db: Db, { plan = 'cheaper' }: { plan?: PagePlan } = {}) {
  const users = createLiveIndex(db, userSource(plan));
  const projects = createLiveIndex(db, projectSource(plan));
  const catchUp = () => Promise.all([users.catchUp(), projects.catchUp()]);
  // Loaded when staff first use the console (a million projects take seconds and a few hundred MB),
  // not by every process at start; from then on kept current.
  let loading: Promise<unknown> | undefined;
  let isLoaded = false;
  return {
    users,
    projects,
    /** Starts loading both, if nobody has yet. */
    warm() {
      loading ??= catchUp().then(
        () => (isLoaded = true),
        () => (loading = undefined),
      );
    },
    /** Reads their changes, once they are loaded. */
    catchUpLoaded: () => (isLoaded ? catchUp() : undefined),
    /** Drops the user directory changes older than a day, which every index has read (an index reloads after six quiet hours); job_changes is pruned with the project search's. */
    pruneChanges: () => pruneUserDirectoryChanges(db),
  };
}

export type DirectoryIndexes = ReturnType<typeof createDirectoryIndexes>;
