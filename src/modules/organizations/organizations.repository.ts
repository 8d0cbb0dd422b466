import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationMembers, organizations, users } from '../../db/schema/index.js';

export type OrganizationRow = typeof organizations.$inferSelect;

const memberColumns = {
  userId: organizationMembers.userId,
  username: users.username,
  role: organizationMembers.role,
  joinedAt: organizationMembers.joinedAt,
};
export interface MemberView {
  userId: string;
  username: string;
  role: string;
  joinedAt: Date;
}

export const organizationsRepository = {
  async listAll(db: Executor): Promise<OrganizationRow[]> {
    return db.select().from(organizations).orderBy(asc(organizations.name), asc(organizations.id));
  },

  async listForUser(db: Executor, userId: string): Promise<OrganizationRow[]> {
    const rows = await db
      .select({ org: organizations })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
      .where(eq(organizationMembers.userId, userId))
      .orderBy(asc(organizations.name), asc(organizations.id));
    return rows.map((r) => r.org);
  },

  async findById(db: Executor, id: string): Promise<OrganizationRow | undefined> {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
    return row;
  },

  /** Whether another organization than `exceptId` holds the slug. */
  async slugTaken(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
    const where = exceptId
      ? and(eq(organizations.slug, slug), ne(organizations.id, exceptId))
      : eq(organizations.slug, slug);
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(where).limit(1);
    return !!row;
  },

  async insert(db: Executor, values: typeof organizations.$inferInsert): Promise<OrganizationRow> {
    const [row] = await db.insert(organizations).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof organizations.$inferInsert>,
  ): Promise<OrganizationRow | undefined> {
    const [row] = await db
      .update(organizations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(organizations.id, id))
      .returning();
    return row;
  },

  /** Memberships go with it (foreign key cascade). */
  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(organizations).where(eq(organizations.id, id)).returning({ id: organizations.id });
    return rows.length > 0;
  },

  async roleOf(db: Executor, organizationId: string, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .limit(1);
    return row?.role;
  },

  async listMembers(db: Executor, organizationId: string): Promise<MemberView[]> {
    return db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(eq(organizationMembers.organizationId, organizationId))
      .orderBy(asc(organizationMembers.joinedAt), asc(users.username));
  },

  async findMember(db: Executor, organizationId: string, userId: string): Promise<MemberView | undefined> {
    const [row] = await db
      .select(memberColumns)
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .limit(1);
    return row;
  },

  async insertMember(db: Executor, organizationId: string, userId: string, role: string): Promise<void> {
    await db.insert(organizationMembers).values({ organizationId, userId, role });
  },

  async setRole(db: Executor, organizationId: string, userId: string, role: string): Promise<boolean> {
    const rows = await db
      .update(organizationMembers)
      .set({ role })
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .returning({ userId: organizationMembers.userId });
    return rows.length > 0;
  },

  async deleteMember(db: Executor, organizationId: string, userId: string): Promise<boolean> {
    const rows = await db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
      .returning({ userId: organizationMembers.userId });
    return rows.length > 0;
  },
};
