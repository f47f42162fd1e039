// The reference module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { referenceRoutes } from './reference.routes.ts';
