import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';
import type { TeamRow } from './teams.repository.js';

/** Reads other modules need from teams: the one read path into `teams` from outside the module. */
export const teamsLookup = {
  async findTeam(db: Executor, id: string) {
    const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  },
  async findTeamByName(db: Executor, name: string) {
    const [row] = await db.select().from(teams).where(eq(teams.name, name)).limit(1);
    return row;
  },
  /** Teams by name (the catalog resolves group references with it). */
  async byNames(db: Executor, names: string[]): Promise<TeamRow[]> {
    if (names.length === 0) return [];
    return db
      .select()
      .from(teams)
      .where(inArray(teams.name, [...new Set(names)]));
  },
};
