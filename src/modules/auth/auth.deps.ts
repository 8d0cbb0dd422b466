import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { AuditPort } from '../audit/index.js';
import type { ActorCache } from './auth.actor-cache.js';
import type { PasswordHashProfile } from './auth.passwords.js';
import type { AccessTokens } from './tokens.js';

/** What the accounts, sign-in and caller services are built from. */
export interface AuthServiceDeps {
  db: Database;
  tokens: AccessTokens;
  refreshTokenTtlS: number;
  log: FastifyBaseLogger;
  /** Identities and roles kept in memory between requests (invalidated on every role change). */
  actors?: ActorCache;
  /** `user.admin_role.changed` after a grant or removal of the global admin role: live connections follow at once (decisions 209, 920). */
  events?: EventPublisher;
  /** AUTH_PASSWORD_LOGIN: off closes registration and password sign-in, except for `breakGlassUsername` (decision 833). */
  passwordLogin?: boolean;
  /** ADMIN_USERNAME: the account that may always sign in with its password. */
  breakGlassUsername?: string;
  /** Sign-ins and failed sign-ins are recorded (decision 984). */
  audit?: AuditPort;
  /** PASSWORD_HASH_PROFILE (decision 1130); default `standard`. */
  passwordHashProfile?: PasswordHashProfile;
}
