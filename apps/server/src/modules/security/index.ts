// The security module's face: a user's second factor (ARCHITECTURE.md, decision 48).
export { createSecurityRepository } from './security.repository.ts';
export { securityRoutes } from './security.routes.ts';
export { createSecondFactorService, type SecondFactorService } from './second-factor.service.ts';
export { createPasskeysService, type PasskeysService } from './passkeys.service.ts';
