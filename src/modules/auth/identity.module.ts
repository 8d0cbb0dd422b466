import type { FastifyBaseLogger } from 'fastify';
import type { IdentityConfig } from '../../config/identity.js';
import type { Database } from '../../db/client.js';
import type { AuditPort } from '../../kernel/audit.js';
import type { App } from '../../kernel/types.js';
import type { OidcProviders } from './auth.ports.js';
import type { AuthService } from './auth.service.js';
import { identityRoutes } from './identity.routes.js';
import { createSignInService } from './oidc.service.js';
import type { GroupMemberships } from './oidc.resolver.js';
import { createPersonalAccessTokenService } from './pat.service.js';

export interface IdentityDeps {
  db: Database;
  log: FastifyBaseLogger;
  config: IdentityConfig;
  /** ADMIN_USERNAME: the break-glass password sign-in (decision 833). */
  breakGlassUsername: string | undefined;
  auth: AuthService;
  /** OpenID Connect providers by id (src/adapters.ts). */
  providers: OidcProviders;
  /** The teams module's `teamsSignInVerbs`: memberships from a groups claim. */
  teams: GroupMemberships;
  rateLimit: boolean;
  refreshTokenTtlS: number;
  /** Sign-ins, tokens and service accounts are recorded in their transactions (decisions 980, 999). */
  audit?: AuditPort;
}

/** Single sign-on, personal access tokens and service accounts: the auth module's second half (decisions 830-859). */
export function createIdentityModule(deps: IdentityDeps) {
  const signIn = createSignInService({
    db: deps.db,
    log: deps.log,
    providers: deps.providers,
    config: deps.config,
    breakGlassUsername: deps.breakGlassUsername,
    auth: deps.auth,
    teams: deps.teams,
    audit: deps.audit,
  });
  const tokens = createPersonalAccessTokenService({ db: deps.db, forget: deps.auth.forget, audit: deps.audit });
  return {
    signIn,
    tokens,
    async routes(app: App) {
      await app.register(identityRoutes, {
        signIn,
        tokens,
        auth: deps.auth,
        rateLimit: deps.rateLimit,
        refreshTokenTtlS: deps.refreshTokenTtlS,
      });
    },
  };
}
