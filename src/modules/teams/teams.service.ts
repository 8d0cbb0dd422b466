import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { teamsRepository as repo, type TeamRow } from './teams.repository.js';
import type { CreateTeamBody, UpdateTeamBody } from './teams.schemas.js';
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
}

/**
 * Teams. `component.teamId` is kept in step with `component.owner` through the catalog's verbs:
 * creating a team links the components it owns by name, a rename moves the links to the new
 * name, a delete clears them. The team's components are listed by the catalog module.
 */
export function createTeamsService({ db, userExists, catalog }: TeamsServiceDeps) {
  async function load(id: string): Promise<TeamRow> {
    const team = await repo.findById(db, id);
    if (!team) throw new NotFound('Team not found');
    return team;
  }
  const nameConflict = (name: string) => new Conflict(`A team named "${name}" already exists`);

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
      const values: Partial<TeamRow> = {};
      for (const key of ['name', 'displayName', 'type', 'description', 'contactEmail', 'chatChannel', 'metadata'] as const) {
        if (body[key] !== undefined) (values as Record<string, unknown>)[key] = body[key];
      }
      // A blank display name falls back to the (new) name; a blank contact email means none.
      if (body.displayName === null || body.displayName === '') values.displayName = body.name ?? current.name;
      if (body.contactEmail === '') values.contactEmail = null;
      let team: TeamRow | undefined;
      try {
        team = await repo.update(db, id, values);
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict(body.name ?? current.name);
        throw err;
      }
      if (!team) throw new NotFound('Team not found');
      if (renamed) {
        // The links move from the old name to the new one (the catalog writes and emits).
        await catalog.unlinkTeam(caller, id, current.name);
        await catalog.linkOwnerTeam(caller, team.name, id);
      }
      return team;
    },

    async remove(caller: Caller, id: string) {
      await load(id);
      // Through the catalog first (not only the foreign key's SET NULL): each component gets its
      // updatedAt, a cache invalidation and a `component.updated`.
      await catalog.unlinkTeam(caller, id);
      if (!(await repo.delete(db, id))) throw new NotFound('Team not found');
    },

    async addMember(_caller: Caller, id: string, userId: string) {
      const team = await load(id);
      if (!(await userExists(userId))) throw new NotFound('User not found');
      if (await repo.isMember(db, id, userId)) throw new Conflict('User is already a member of this team');
      try {
        await repo.addMember(db, id, userId);
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('User is already a member of this team');
        throw err;
      }
      return { ...team, members: await repo.members(db, id) };
    },

    async removeMember(_caller: Caller, id: string, userId: string) {
      await load(id);
      if (!(await repo.removeMember(db, id, userId))) throw new NotFound('User is not a member of this team');
    },

    async members(_caller: Caller, id: string) {
      await load(id);
      return repo.members(db, id);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
