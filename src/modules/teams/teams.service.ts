import type { Database } from '../../db/client.js';
import type { AuditPort } from '../../kernel/audit.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { teamsRepository as repo, type TeamRow } from './teams.repository.js';
import type { AddMemberBody, CreateTeamBody, MemberRoleBody, UpdateTeamBody } from './teams.schemas.js';
import type { PermissionsService } from '../permissions/index.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

export interface TeamsServiceDeps {
  db: Database;
  userExists(userId: string): Promise<boolean>;
  /**
   * The catalog's verbs for the components' `teamId` (the catalog owns that table: it writes,
   * invalidates its cache and emits `component.updated`).
   */
  catalog: {
    linkOwnerTeam(caller: Caller, teamName: string, teamId: string): Promise<number>;
    unlinkTeam(caller: Caller, teamId: string, teamName?: string): Promise<number>;
  };
  /** The permission policy: a team's maintainers manage its members (decision 951). */
  permissions: Pick<PermissionsService, 'require' | 'membershipsChanged'>;
  /** Membership and role changes are recorded in their transactions (decisions 980, 1001). */
  audit?: AuditPort;
}

/** A team keeps a maintainer: only an admin may remove or demote the last one (decision 950). */
function refuseLastMaintainer(caller: Caller, maintainers: string[], verb: 'remove' | 'demote') {
  if (maintainers.length === 1 && !caller.actor.isAdmin) {
    throw new Conflict(
      `This is the team's last maintainer: only an admin may ${verb} them; make another member maintainer first`,
    );
  }
}
const memberRecord = (
  caller: Caller,
  team: TeamRow,
  action: string,
  userId: string,
  role: [string | null, string | null],
) => ({
  caller,
  action: `teams.member.${action}`,
  resource: { type: 'teams', id: team.id, ref: team.name },
  changes: { member: [role[0] === null ? null : userId, role[1] === null ? null : userId], role } as Record<
    string,
    [unknown, unknown]
  >,
});

async function loadTeam(db: Database, id: string): Promise<TeamRow> {
  const team = await repo.findById(db, id);
  if (!team) throw new NotFound('Team not found');
  return team;
}
const nameConflict = (name: string) => new Conflict(`A team named "${name}" already exists`);

/** The columns an update names; a blank display name falls back to the (new) name, a blank contact email means none. */
function updatedValues(body: UpdateTeamBody, current: TeamRow): Partial<TeamRow> {
  const values: Partial<TeamRow> = {};
  for (const key of [
    'name',
    'displayName',
    'type',
    'description',
    'contactEmail',
    'chatChannel',
    'metadata',
  ] as const) {
    if (body[key] !== undefined) (values as Record<string, unknown>)[key] = body[key];
  }
  // A blank display name falls back to the (new) name; a blank contact email means none.
  if (body.displayName === null || body.displayName === '') values.displayName = body.name ?? current.name;
  if (body.contactEmail === '') values.contactEmail = null;
  return values;
}

/**
 * Teams. `component.teamId` is kept in step with `component.owner` through the catalog's verbs:
 * creating a team links the components it owns by name, a rename moves the links to the new
 * name, a delete clears them. The team's components are listed by the catalog module.
 * The verbs come in two groups, teams and members (decision 1170).
 */
export function createTeamsService(deps: TeamsServiceDeps) {
  return { ...teamVerbs(deps), ...memberVerbs(deps) };
}

function teamVerbs({ db, catalog }: TeamsServiceDeps) {
  const load = (id: string) => loadTeam(db, id);
  return {
    async list(_caller: Caller, q: PageQuery) {
      const { data, total } = await repo.list(db, q.skip, q.take);
      return pageOf(data, total, q);
    },

    async get(_caller: Caller, id: string) {
      const team = await load(id);
      return { ...team, members: await repo.members(db, id) };
    },

    async create(caller: Caller, body: CreateTeamBody) {
      if (await repo.nameTaken(db, body.name)) throw nameConflict(body.name);
      let team: TeamRow;
      try {
        team = await db.transaction(async (tx) => {
          const row = await repo.insert(tx, {
            name: body.name,
            displayName: body.displayName || body.name,
            type: body.type ?? 'other',
            description: body.description ?? null,
            contactEmail: body.contactEmail || null,
            chatChannel: body.chatChannel ?? null,
            metadata: body.metadata ?? null,
          });
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict(body.name);
        throw err;
      }
      await catalog.linkOwnerTeam(caller, team.name, team.id);
      return team;
    },

    async update(caller: Caller, id: string, body: UpdateTeamBody) {
      const current = await load(id);
      const renamed = body.name !== undefined && body.name !== current.name;
      if (renamed && (await repo.nameTaken(db, body.name!, id))) throw nameConflict(body.name!);
      const values = updatedValues(body, current);
      let team: TeamRow | undefined;
      try {
        team = await repo.update(db, id, values);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict(body.name ?? current.name);
        throw err;
      }
      if (!team) throw new NotFound('Team not found');
      // Ownership follows the team, not its name (decision 952): the entities linked under the old
      // name stay linked, and those already naming the new name are linked too.
      if (renamed) await catalog.linkOwnerTeam(caller, team.name, id);
      return team;
    },

    async remove(caller: Caller, id: string) {
      await load(id);
      // Through the catalog first (not only the foreign key's SET NULL): each component gets its
      // updatedAt, a cache invalidation and a `component.updated`.
      await catalog.unlinkTeam(caller, id);
      if (!(await repo.delete(db, id))) throw new NotFound('Team not found');
    },
  };
}

function memberVerbs({ db, userExists, permissions, audit }: TeamsServiceDeps) {
  const load = (id: string) => loadTeam(db, id);
  return {
    async addMember(caller: Caller, id: string, userId: string, body: AddMemberBody = {}) {
      const team = await load(id);
      await permissions.require(caller, 'team.manageMembers', id);
      if (!(await userExists(userId))) throw new NotFound('User not found');
      if (await repo.isMember(db, id, userId)) throw new Conflict('User is already a member of this team');
      const role = body.role ?? 'member';
      try {
        await db.transaction(async (tx) => {
          await repo.addMember(tx, id, userId, role);
          await audit?.record(tx, memberRecord(caller, team, 'add', userId, [null, role]));
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('User is already a member of this team');
        throw err;
      }
      await permissions.membershipsChanged();
      return { ...team, members: await repo.members(db, id) };
    },

    /** A member's role; demoting the last maintainer is refused unless an admin does it (decision 950). */
    async setMemberRole(caller: Caller, id: string, userId: string, body: MemberRoleBody) {
      const team = await load(id);
      await permissions.require(caller, 'team.manageMembers', id);
      await db.transaction(async (tx) => {
        const maintainers = await repo.lockMaintainers(tx, id);
        const current = await repo.roleOf(tx, id, userId);
        if (!current) throw new NotFound('User is not a member of this team');
        if (current === 'maintainer' && body.role !== 'maintainer') refuseLastMaintainer(caller, maintainers, 'demote');
        await repo.setRole(tx, id, userId, body.role);
        await audit?.record(tx, memberRecord(caller, team, 'role', userId, [current, body.role]));
      });
      await permissions.membershipsChanged();
      return { ...team, members: await repo.members(db, id) };
    },

    async removeMember(caller: Caller, id: string, userId: string) {
      const team = await load(id);
      await permissions.require(caller, 'team.manageMembers', id);
      await db.transaction(async (tx) => {
        const maintainers = await repo.lockMaintainers(tx, id);
        if (maintainers.includes(userId)) refuseLastMaintainer(caller, maintainers, 'remove');
        const role = await repo.roleOf(tx, id, userId);
        if (!(await repo.removeMember(tx, id, userId))) throw new NotFound('User is not a member of this team');
        await audit?.record(tx, memberRecord(caller, team, 'remove', userId, [role ?? null, null]));
      });
      await permissions.membershipsChanged();
    },

    async members(_caller: Caller, id: string) {
      await load(id);
      return repo.members(db, id);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
