// The choices a search offers, without the schemas that check them (jobs.ts): the search pages read
// these on a first visit, and importing a schema module brings zod and builds every schema in it.
export const jobTypes = ['hourly', 'fixed'] as const;
export type JobType = (typeof jobTypes)[number];
/** 'distance' (nearest first) needs a point (near_lat, near_lng). */
export const jobSorts = ['created_at', 'budget', 'proposal_count', 'distance'] as const;
/** A nearby search's radius in kilometres (§9), and the one taken when a point comes without it. */
export const NEARBY_RADIUS_KM = { min: 1, max: 100, default: 25 } as const;
export const professionalSorts = ['rating', 'rate', 'created_at'] as const;
export const PROJECT_PAGE_SIZE = 20;
export const PROFESSIONAL_PAGE_SIZE = 20;
