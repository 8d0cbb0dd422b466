export { createAuthService, type AuthService } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
export { AccessTokens } from './tokens.js';
export { UserSchema } from './auth.schemas.js';
export { publicUserColumns } from './auth.repository.js';
export { ActorCache } from './auth.actor-cache.js';
export { createIdentityModule } from './identity.module.js';
export type { OidcProviders } from './auth.ports.js';
