import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teams } from '../../db/schema/index.js';

/** Reads other modules need from teams. */
export const teamsLookup = {
  async findTeam(db: Executor, id: string) {
    const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  },
  async findTeamByName(db: Executor, name: string) {
    const [row] = await db.select().from(teams).where(eq(teams.name, name)).limit(1);
    return row;
  },
};
