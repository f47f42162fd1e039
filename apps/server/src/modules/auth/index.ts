// The auth module's face: what other modules, the seeds and app.ts may use of it (ARCHITECTURE.md, decision 48).
export { type AuthRepository, createAuthRepository } from './auth.repository.ts';
export { createCodesService } from './codes.service.ts';
export { createEmailChangeService } from './email-change.service.ts';
export { lockedError, reserveLoginAttempt } from './login-throttle.ts';
export { loginRoutes } from './login.routes.ts';
export { createLoginService, type SecondFactorCheck } from './login.service.ts';
export { createPasswordResetService } from './password-reset.service.ts';
export { registrationRoutes } from './registration.routes.ts';
export { createRegistrationService } from './registration.service.ts';
export { createSessionsRepository } from './sessions.repository.ts';
export { sessionsRoutes } from './sessions.routes.ts';
export { createSessionsService, type SessionsService } from './sessions.service.ts';
export { createStepUpService, type StepUpService } from './step-up.service.ts';
