import type { Database } from '../../db/client.js';
import type { Cache } from '../../infra/cache/cache.js';
import type { TeamRole } from './permissions.policy.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden } from '../../kernel/errors.js';
import { permissionsFacts as facts, type LoadedFacts, type ResourceKind } from './permissions.facts.js';
import { can, type Action, type Decision, type Subject } from './permissions.policy.js';
import {
  ADMIN_VIEW,
  entityViews,
  type EntityPermissions,
  type EntityPermissionsView,
} from './permissions.entity-view.js';

export type { EntityPermissions, EntityPermissionsView } from './permissions.entity-view.js';

/** The resource kind each action is asked about (by id). `entity.create` is asked about the owner team. */
const RESOURCE_OF: Record<Action, ResourceKind> = {
  'entity.create': 'team',
  'entity.update': 'entity',
  'entity.delete': 'entity',
  'entity.changeOwner': 'entity',
  'apiSpec.write': 'entity',
  'incident.update': 'incident',
  'scorecard.exempt': 'entity',
  'team.manageMembers': 'team',
  'pipeline.write': 'pipeline',
  'pipeline.cancel': 'pipeline',
  'pipeline.approve': 'pipeline',
};

/**
 * `newOwnerTeamId`: an owner change's new team; `via`: what the id names when it is not the action's
 * own kind (an API spec of the entity; the entity a pipeline is created for); `triggeredByUserId`:
 * the run an approval is about (decision 960).
 */
interface Extra {
  newOwnerTeamId?: string | null;
  via?: 'apiSpec' | 'entity';
  triggeredByUserId?: string | null;
}

const NO_MEMBERSHIPS: ReadonlyMap<string, TeamRole> = new Map();
const subjectOf = (caller: Caller, memberships: ReadonlyMap<string, TeamRole>): Subject => ({
  userId: caller.actor.userId,
  isAdmin: caller.actor.isAdmin,
  readOnly: caller.actor.token?.scope === 'read',
  memberships,
});
/** Admins need no facts: every answer is yes (the read-only check aside), so no query is made. */
const skipsFacts = (caller: Caller) => caller.actor.isAdmin && caller.actor.token?.scope !== 'read';

/**
 * The one permission policy every write asks (decision 951): services call `require` before they
 * write; pages call `forEntities`; the check endpoint calls `checkMany`. Routes never decide.
 */
export interface PermissionsDeps {
  db: Database;
  /** Memberships behind the `permissions` of pages (decision 958); `require` always reads them fresh. */
  cache: Cache;
  cacheTtlS: number;
  /** Auth's reader: the admin flag of someone who is not the caller (decision 1062). */
  users: { findUser(userId: string): Promise<{ roles: string[] } | undefined> };
}

const MEMBERSHIPS_NS = 'permissions';

/** One entity write of a batch, with the owner teams the asking module already read. */
export interface EntityAsk {
  action: Extract<Action, 'entity.create' | 'entity.update' | 'entity.changeOwner'>;
  ownerTeamId: string | null;
  newOwnerTeamId?: string | null;
}

/** The policy's decision on one resource, on facts read fresh (decision 1170: out of createPermissionsService). */
async function decide(db: Database, caller: Caller, action: Action, id: string | null, { via, ...extra }: Extra = {}) {
  const kind = via ?? RESOURCE_OF[action];
  const loaded: LoadedFacts | null =
    skipsFacts(caller) || id === null ? null : await facts.load(db, caller.actor.userId, kind, id);
  const memberships =
    loaded?.memberships ??
    (id === null && !skipsFacts(caller) ? await facts.memberships(db, caller.actor.userId) : NO_MEMBERSHIPS);
  const decision = can(subjectOf(caller, memberships), action, {
    ownerTeamId: loaded?.ownerTeamId ?? null,
    commanderUserId: loaded?.commanderUserId ?? null,
    affectedTeamIds: loaded?.affectedTeamIds ?? [],
    ...(loaded?.pipelineOfEntity !== undefined ? { pipelineOfEntity: loaded.pipelineOfEntity } : {}),
    ...extra,
  });
  return { decision, found: loaded ? loaded.found : true };
}

export function createPermissionsService({ db, cache, cacheTtlS, users }: PermissionsDeps) {
  const viewOf = entityViews();

  /** A caller's memberships for display (pages): cached for the cache TTL, dropped when a team's members change. */
  async function cachedMemberships(userId: string): Promise<[string, TeamRole][]> {
    return cache.getOrLoad(MEMBERSHIPS_NS, `memberships:${userId}`, cacheTtlS, async () => [
      ...(await facts.memberships(db, userId)),
    ]);
  }

  /** What the caller may do to any entity, for pages (decisions 958, 1140): at most one cached read. */
  async function entityView(caller: Caller): Promise<EntityPermissionsView> {
    if (skipsFacts(caller)) return ADMIN_VIEW;
    const pairs = await cachedMemberships(caller.actor.userId);
    const plain = !caller.actor.isAdmin && caller.actor.token?.scope !== 'read';
    return viewOf(pairs, (memberships) => subjectOf(caller, memberships), plain);
  }

  return {
    /** A team's members changed (teams' verbs): cached memberships are dropped at once. */
    async membershipsChanged(): Promise<void> {
      await cache.invalidate(MEMBERSHIPS_NS);
    },

    /** The decision for one action on one resource (a missing resource is denied: "not found"). */
    async check(caller: Caller, action: Action, id: string | null, extra?: Extra): Promise<Decision> {
      const { decision, found } = await decide(db, caller, action, id, extra);
      return found ? decision : { allowed: false, reason: 'not found' };
    },

    /**
     * Throws 403 with the policy's reason unless allowed. A resource that does not exist passes
     * through, so the verb answers its own 404 as before (decision 955).
     */
    async require(caller: Caller, action: Action, id: string | null, extra?: Extra): Promise<void> {
      const { decision, found } = await decide(db, caller, action, id, extra);
      if (found && !decision.allowed) throw new Forbidden(decision.reason);
    },

    /**
     * `permissions` of a page of entities: at most one membership query, whatever the page's size
     * (none for admins, none while the caller's memberships are cached). What it answers only shows
     * or hides buttons: every write asks `require`, which reads the facts fresh.
     */
    async forEntities(caller: Caller, rows: readonly { teamId: string | null }[]): Promise<EntityPermissions[]> {
      const view = await entityView(caller);
      return rows.map((row) => view.of(row.teamId));
    },

    /** The caller's compiled view, for a page decided row by row by one map lookup (decision 1140). */
    entityView,

    /**
     * Many writes of one request decided together (a register-yaml, a location: decision 1060): the
     * facts are the caller's (the entities' owner teams, known to the asking module), the memberships
     * read fresh ONCE, whatever the batch's size. `forUserId`: decided for that person instead of the
     * caller (a scaffold's requester, a location's registrant: decision 1062).
     */
    async decideMany(
      caller: Caller,
      asks: readonly EntityAsk[],
      forUserId?: string,
    ): Promise<{ admin: boolean; teamRoles: boolean; decisions: Decision[] }> {
      let subject: Subject;
      if (forUserId) {
        // A user that no longer exists is no admin and in no team.
        const [user, memberships] = await Promise.all([users.findUser(forUserId), facts.memberships(db, forUserId)]);
        subject = { userId: forUserId, isAdmin: user?.roles.includes('admin') === true, memberships };
      } else
        subject = subjectOf(
          caller,
          skipsFacts(caller) ? NO_MEMBERSHIPS : await facts.memberships(db, caller.actor.userId),
        );
      const decisions = asks.map(({ action, ownerTeamId, newOwnerTeamId }) =>
        can(subject, action, { ownerTeamId, ...(newOwnerTeamId !== undefined ? { newOwnerTeamId } : {}) }),
      );
      return { admin: subject.isAdmin && !subject.readOnly, teamRoles: subject.memberships.size > 0, decisions };
    },

    /** Many questions at once (≤ 100, the route validates), in one query. */
    async checkMany(caller: Caller, checks: readonly { action: Action; resourceId: string }[]): Promise<Decision[]> {
      // Loaded for admins too: a resource that does not exist is "not found" for everyone.
      const loaded = await facts.many(
        db,
        caller.actor.userId,
        checks.map((c) => c.resourceId),
      );
      const subject = subjectOf(caller, loaded.memberships);
      return checks.map(({ action, resourceId }) => {
        const resource = loaded.byId.get(resourceId);
        if (resource?.kind !== RESOURCE_OF[action]) return { allowed: false, reason: 'not found' };
        return can(subject, action, {
          ownerTeamId: resource?.ownerTeamId ?? null,
          commanderUserId: resource?.commanderUserId ?? null,
          affectedTeamIds: resource?.affectedTeamIds ?? [],
          ...(resource.pipelineOfEntity !== undefined ? { pipelineOfEntity: resource.pipelineOfEntity } : {}),
        });
      });
    },
  };
}

export type PermissionsService = ReturnType<typeof createPermissionsService>;
