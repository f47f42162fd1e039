// The privacy module's face: the data rights the law gives users, a copy of their data and the deletion of their account (ARCHITECTURE.md, decision 48).
export { createPrivacyRepository } from './privacy.repository.ts';
export { privacyRoutes } from './privacy.routes.ts';
export { createPrivacyService, type PrivacyService } from './privacy.service.ts';
