import type { FastifyBaseLogger } from 'fastify';
import type { OidcProviderConfig } from '../../config/identity.js';
import type { Database } from '../../db/client.js';
import type { AuditPort } from '../../kernel/audit.js';
import type { OidcProviders } from './auth.ports.js';
import type { AuthService } from './auth.service.js';
import type { GroupMemberships } from './oidc.resolver.js';

// What single sign-on's two files share (decision 1170).

export interface SignInServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  providers: OidcProviders;
  config: { oidcProviders: readonly OidcProviderConfig[]; publicUrl: string; passwordLogin: boolean };
  /** ADMIN_USERNAME: its password stays a way in when password sign-in is off. */
  breakGlassUsername: string | undefined;
  auth: Pick<AuthService, 'startSession'>;
  teams: GroupMemberships;
  audit?: AuditPort;
}

/** The callback's request, for its audit record (a GET: the audit module has not kept its origin). */
export interface CallbackRequest {
  id: string;
  ip: string | null;
  userAgent: string | null;
}
