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
  /** Called after any write that changed component rows (their `teamId`). */
  componentsChanged(): Promise<void>;
}

/**
 * Teams. `component.teamId` is kept in step with `component.owner`: creating a team links the
 * components it owns by name, a rename moves the links to the new name, a delete clears them.
 */
export function createTeamsService({ db, userExists, componentsChanged }: TeamsServiceDeps) {
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

    async create(_caller: Caller, body: CreateTeamBody) {
      if (await repo.nameTaken(db, body.name)) throw nameConflict(body.name);
      let linked = 0;
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
          linked = await repo.linkComponentsByOwner(tx, row.id, row.name);
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict(body.name);
        throw err;
      }
      if (linked > 0) await componentsChanged();
      return team;
    },

    async update(_caller: Caller, id: string, body: UpdateTeamBody) {
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
      let changed = 0;
      let team: TeamRow | undefined;
      try {
        team = await db.transaction(async (tx) => {
          const row = await repo.update(tx, id, values);
          if (row && renamed) {
            changed += await repo.unlinkComponentsByOwner(tx, id, current.name);
            changed += await repo.linkComponentsByOwner(tx, id, row.name);
          }
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw nameConflict(body.name ?? current.name);
        throw err;
      }
      if (!team) throw new NotFound('Team not found');
      if (changed > 0) await componentsChanged();
      return team;
    },

    async remove(_caller: Caller, id: string) {
      const deleted = await db.transaction(async (tx) => {
        // Explicit (not only the foreign key's SET NULL) so the components' updatedAt moves too.
        await repo.unlinkAllComponents(tx, id);
        return repo.delete(tx, id);
      });
      if (!deleted) throw new NotFound('Team not found');
      // Invalidated on every delete: the foreign key may have cleared teamIds this service did not count.
      await componentsChanged();
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

    async components(_caller: Caller, id: string) {
      const team = await load(id);
      return repo.componentsOwnedBy(db, team.name);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
