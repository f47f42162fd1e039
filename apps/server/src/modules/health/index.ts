// The health module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { healthRoutes } from './health.routes.ts';
