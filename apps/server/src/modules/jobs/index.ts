// The jobs module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { anonymousViewer, type JobCardRow, type Viewer } from './job-response.ts';
export { createJobState, isTakingProposals, type JobState, type JobStateService } from './job-state.repository.ts';
export { jobsRoutes, searchStatsRoutes } from './jobs.routes.ts';
export { createJobsService } from './jobs.service.ts';
export { jobSearchIndexOn } from './search-thread-link.ts';
export { insertJobs, type NewJob } from './jobs.repository.ts';
