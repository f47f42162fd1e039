// The profiles module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { profilesRoutes } from './profiles.routes.ts';
export { createProfilesService } from './profiles.service.ts';
export { partyName } from './public-user.ts';
