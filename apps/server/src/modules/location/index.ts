// The location module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { createIpCountry } from './ip-country.ts';
export { locationRoutes } from './location.routes.ts';
export { createLocationService } from './location.service.ts';
