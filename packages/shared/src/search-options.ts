// The choices a search offers, without the schemas that check them (jobs.ts): the search pages read
// these on a first visit, and importing a schema module brings zod and builds every schema in it.
export const jobTypes = ['hourly', 'fixed'] as const;
export type JobType = (typeof jobTypes)[number];
export const jobSorts = ['created_at', 'budget', 'proposal_count'] as const;
export const professionalSorts = ['rating', 'rate', 'created_at'] as const;
export const PROJECT_PAGE_SIZE = 20;
export const PROFESSIONAL_PAGE_SIZE = 20;
