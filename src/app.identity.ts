import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Adapters } from './adapters/index.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import type { EventBus } from './infra/events.js';
import type { AuditPort } from './kernel/audit.js';
import type { App } from './kernel/types.js';
import {
  AccessTokens,
  ActorCache,
  authRoutes,
  createAuthService,
  createIdentityModule,
  type AuthService,
} from './modules/auth/index.js';
import { organizationsLookup } from './modules/organizations/index.js';
import { teamsSignInVerbs } from './modules/teams/index.js';

interface SignInDeps {
  db: Database;
  log: FastifyBaseLogger;
  audit: AuditPort;
}

/** Accounts and tokens: the access-token signer, the actor cache (shared over Redis) and the auth service. */
export function createAuth(
  config: Config,
  { db, redis, log, events, audit }: SignInDeps & { redis: Redis | undefined; events: EventBus },
) {
  const tokens = new AccessTokens(config.jwtSecret, config.jwtExpirationS);
  const actors = new ActorCache({
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    publisher: redis,
    log,
    ackTimeoutMs: config.runtime.redisCommandTimeoutMs,
  });
  actors.start();
  const auth = createAuthService({
    db,
    tokens,
    refreshTokenTtlS: config.refreshTokenTtlS,
    log,
    actors,
    events,
    passwordLogin: config.identity.passwordLogin,
    breakGlassUsername: config.admin?.username,
    audit,
    passwordHashProfile: config.identity.passwordHashProfile,
  });
  return { auth, actors };
}

/** The sign-in routes: passwords and refresh tokens, single sign-on, personal access tokens and service accounts. */
export async function registerSignIn(
  app: App,
  config: Config,
  { db, log, auth, providers, audit }: SignInDeps & { auth: AuthService; providers: Adapters['oidcProviders'] },
) {
  // Single sign-on, personal access tokens and service accounts: groups claims become team memberships through teams' verb.
  const identity = createIdentityModule({
    db: db,
    log: log,
    config: config.identity,
    breakGlassUsername: config.admin?.username,
    auth,
    providers,
    teams: teamsSignInVerbs,
    rateLimit: config.authRateLimit,
    refreshTokenTtlS: config.refreshTokenTtlS,
    audit,
  });
  await app.register(authRoutes, {
    service: auth,
    rateLimit: config.authRateLimit,
    refreshTokenTtlS: config.refreshTokenTtlS,
    organizationsOf: (userId, isAdmin) => organizationsLookup.organizationsOf(db, userId, isAdmin),
    identitiesOf: (userId) => identity.signIn.identities(userId),
  });
  await app.register(identity.routes);
}
