import type { Caller } from '../../kernel/caller.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { createActorResolver } from './auth.actors.js';
import type { AuthServiceDeps } from './auth.deps.js';
import { hashPassword, passwordProblem } from './auth.passwords.js';
import { authRepository as repo, type PublicUser } from './auth.repository.js';
import type { RegisterBody } from './auth.schemas.js';
import { createSignInService } from './auth.sign-in.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

/** Accounts: registration, the users' list and roles, (de)activation and the admin bootstrap; sessions and callers composed in. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, actors, events, passwordLogin = true } = deps;
  return {
    ...createSignInService(deps),
    ...createActorResolver(deps),
    /** A new account and its audit record (`auth.register`, the new user as actor and resource) in one transaction (decision 1184). */
    async register(body: RegisterBody, requestId?: string): Promise<PublicUser> {
      if (!passwordLogin) throw new Forbidden('Registration is closed: sign in with your identity provider');
      const problem = passwordProblem(body.password);
      if (problem) throw new Invalid(problem, [{ field: 'password', problem }]);
      const email = body.email.toLowerCase();
      const taken = await repo.usernameOrEmailTaken(db, body.username, email);
      if (taken.username) throw new Conflict('Username is already registered');
      if (taken.email) throw new Conflict('Email is already registered');
      // Hashed before the transaction: a pooled connection is not held through the key derivation.
      const passwordHash = await hashPassword(body.password, deps.passwordHashProfile);
      try {
        return await db.transaction(async (tx) => {
          const user = await repo.insertUser(tx, {
            username: body.username,
            email,
            displayName: body.displayName?.trim() || body.username,
            passwordHash,
            roles: ['user'],
          });
          await deps.audit?.record(tx, {
            actor: { userId: user.id, username: user.username, via: 'password' },
            organizationId: null,
            requestId,
            action: 'auth.register',
            resource: { type: 'user', id: user.id, ref: user.username },
            outcome: 'success',
            statusCode: 201,
          });
          return user;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('Username or email is already registered');
        throw err;
      }
    },

    async listUsers(_caller: Caller, q: PageQuery & { type?: 'user' | 'service' }) {
      const { data, total } = await repo.listUsers(db, q.skip, q.take, q.type);
      return pageOf(data, total, q);
    },

    async setRoles(_caller: Caller, userId: string, roles: string[]) {
      const next = ['user', ...new Set(roles.filter((r) => r !== 'user'))];
      const user = await repo.setRoles(db, userId, next);
      if (!user) throw new NotFound('User not found');
      await actors?.invalidate(userId);
      events?.emit('user.admin_role.changed', { userId, isAdmin: next.includes('admin') });
      return user;
    },

    async findUser(userId: string) {
      return repo.findById(db, userId);
    },

    async existingUserIds(ids: string[]) {
      return repo.findExisting(db, ids);
    },

    /** Deactivates or reactivates an account (admin): a deactivated one is refused at once in every process. */
    async setActive(caller: Caller, userId: string, active: boolean) {
      if (!active && userId === caller.actor.userId) throw new Conflict('You cannot deactivate your own account');
      const user = await repo.setDeactivated(db, userId, active ? null : new Date());
      if (!user) throw new NotFound('User not found');
      if (!active) await repo.revokeAllRefreshTokens(db, userId);
      await actors?.invalidate(userId);
      return user;
    },

    /** Drops what every process remembers of a user (a token revoked, an account removed). */
    async forget(userId: string) {
      await actors?.invalidate(userId);
    },

    async adminExists() {
      return repo.adminExists(db);
    },

    /** ADMIN_* bootstrap: create the admin, or add the role to an existing user of that name. */
    bootstrapAdmin: (admin: AdminSettings) => bootstrapAdmin(deps, admin),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

type AdminSettings = { username: string; email: string; password: string };

/** ADMIN_* bootstrap: create the admin, or add the role to an existing user of that name. */
async function bootstrapAdmin({ db, log, actors, passwordHashProfile }: AuthServiceDeps, admin: AdminSettings) {
  const existing = await repo.findByUsername(db, admin.username);
  if (existing) {
    if (!existing.roles.includes('admin')) {
      await repo.setRoles(db, existing.id, [...existing.roles, 'admin']);
      await actors?.invalidate(existing.id);
    }
    return;
  }
  try {
    await repo.insertUser(db, {
      username: admin.username,
      email: admin.email,
      displayName: admin.username,
      passwordHash: await hashPassword(admin.password, passwordHashProfile),
      roles: ['user', 'admin'],
    });
    log.info({ username: admin.username }, 'admin user created from ADMIN_* settings');
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await repo.findByUsername(db, admin.username);
    if (raced && !raced.roles.includes('admin')) {
      await repo.setRoles(db, raced.id, [...raced.roles, 'admin']);
      await actors?.invalidate(raced.id);
    } else if (!raced)
      log.error({ email: admin.email }, 'ADMIN_EMAIL belongs to another user; admin bootstrap skipped');
  }
}
