// The identity module's face: national digital identity over OpenID Connect, and who is verified (ARCHITECTURE.md, decision 48).
export { createIdentityRepository, type IdentityRepository } from './identity.repository.ts';
export { identityRoutes } from './identity.routes.ts';
export { createIdentityService, oidcRedirectUri, type IdentityService } from './identity.service.ts';
export { createOidcClients } from './oidc.ts';
export { createIdentityLookup, type IdentityLookup } from './identity-lookup.ts';
