import type { Actor } from '../../kernel/auth.js';
import type { CachedIdentity } from './auth.actor-cache.js';
import { authRepository as repo } from './auth.repository.js';
import type { AuthServiceDeps } from './auth.deps.js';
import { identityRepository } from './identity.repository.js';
import {
  hashPersonalAccessToken,
  isWellFormedPersonalAccessToken,
  looksLikePersonalAccessToken,
} from './pat.secret.js';
import { tokenUseRecorder } from './pat.usage.js';

/** Who is calling: an access token's or a personal access token's user, with their roles as they are now. */
export function createActorResolver({
  db,
  tokens,
  log,
  actors,
}: Pick<AuthServiceDeps, 'db' | 'tokens' | 'log' | 'actors'>) {
  const tokenUse = tokenUseRecorder(db, log);

  /** Who a user id is now, from this process's memory when it is current there (decision 526). */
  async function identityOf(userId: string): Promise<CachedIdentity | undefined> {
    const cached = actors?.get(userId);
    if (cached) return cached;
    const generation = actors?.mark() ?? 0;
    const row = await repo.findById(db, userId);
    if (!row) return undefined;
    const user: CachedIdentity = {
      id: row.id,
      username: row.username,
      roles: row.roles,
      type: row.type,
      deactivated: row.deactivatedAt !== null,
    };
    actors?.set(user, generation);
    return user;
  }

  const actorOf = (user: CachedIdentity, token?: Actor['token']): Actor => ({
    userId: user.id,
    username: user.username,
    roles: user.roles,
    isAdmin: user.roles.includes('admin'),
    kind: 'user',
    service: user.type === 'service',
    ...(token ? { token } : {}),
  });

  /** A personal access token's user with their roles as they are now; revoked, expired or deactivated: null (decision 836). */
  async function resolvePersonalAccessToken(secret: string): Promise<Actor | null> {
    if (!isWellFormedPersonalAccessToken(secret)) return null;
    const hash = hashPersonalAccessToken(secret);
    let token = actors?.getToken(hash);
    if (!token) {
      const generation = actors?.mark() ?? 0;
      const row = await identityRepository.findTokenByHash(db, hash);
      if (!row) return null;
      token = {
        id: row.id,
        userId: row.userId,
        scope: row.scope === 'write' ? 'write' : 'read',
        expiresAt: row.expiresAt.getTime(),
      };
      actors?.setToken(hash, token, generation);
    }
    if (token.expiresAt <= Date.now()) return null;
    const user = await identityOf(token.userId);
    if (!user || user.deactivated) return null;
    tokenUse(token.id);
    return actorOf(user, { id: token.id, scope: token.scope });
  }

  return {
    /** The caller behind an access token or a personal access token, with roles as stored now (a demotion applies at once). */
    async resolveActor(token: string): Promise<Actor | null> {
      if (looksLikePersonalAccessToken(token)) return resolvePersonalAccessToken(token);
      const userId = await tokens.verify(token);
      if (!userId) return null;
      const user = await identityOf(userId);
      if (!user || user.deactivated) return null;
      return actorOf(user);
    },
  };
}
