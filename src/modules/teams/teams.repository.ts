import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { teamMembers, teams, users } from '../../db/schema/index.js';
import type { TeamRole } from '../../db/schema/teams.js';
import { publicUserColumns } from '../auth/index.js';

export type TeamRow = typeof teams.$inferSelect;

export const teamsRepository = {
  async list(db: Executor, skip: number, take: number) {
    const [data, [total]] = await Promise.all([
      db.select().from(teams).orderBy(asc(teams.name)).offset(skip).limit(take),
      db.select({ n: count() }).from(teams),
    ]);
    return { data, total: total!.n };
  },

  async findById(db: Executor, id: string): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
    return row;
  },

  async nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
    const where = exceptId ? and(eq(teams.name, name), ne(teams.id, exceptId)) : eq(teams.name, name);
    const [row] = await db.select({ id: teams.id }).from(teams).where(where).limit(1);
    return !!row;
  },

  async insert(db: Executor, values: typeof teams.$inferInsert): Promise<TeamRow> {
    const [row] = await db.insert(teams).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, values: Partial<typeof teams.$inferInsert>): Promise<TeamRow | undefined> {
    const [row] = await db
      .update(teams)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(teams.id, id))
      .returning();
    return row;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
    return rows.length > 0;
  },

  async members(db: Executor, teamId: string) {
    return db
      .select({ ...publicUserColumns, teamRole: teamMembers.role })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(asc(users.username));
  },

  async isMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    return !!row;
  },

  async addMember(db: Executor, teamId: string, userId: string, role: TeamRole = 'member'): Promise<void> {
    await db.insert(teamMembers).values({ teamId, userId, role });
  },

  async roleOf(db: Executor, teamId: string, userId: string): Promise<TeamRole | undefined> {
    const [row] = await db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    return row?.role;
  },

  async setRole(db: Executor, teamId: string, userId: string, role: TeamRole): Promise<boolean> {
    const rows = await db
      .update(teamMembers)
      .set({ role })
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    return rows.length > 0;
  },

  /** Maintainers of a team, locked until the transaction ends (two demotions cannot both pass the last-maintainer check). */
  async lockMaintainers(db: Executor, teamId: string): Promise<string[]> {
    const rows = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'maintainer')))
      .for('update');
    return rows.map((r) => r.userId);
  },

  async removeMember(db: Executor, teamId: string, userId: string): Promise<boolean> {
    const rows = await db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    return rows.length > 0;
  },
};
