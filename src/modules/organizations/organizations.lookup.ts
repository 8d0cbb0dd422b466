import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizationMembers, organizations } from '../../db/schema/index.js';

/** Reads other modules need from organizations (they never query its tables themselves). */
export const organizationsLookup = {
  async organizationExists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
    return !!row;
  },
  /** The organizations a user is a member of (the event gateway's rooms). */
  async organizationIdsOf(db: Executor, userId: string): Promise<string[]> {
    const rows = await db.select({ id: organizationMembers.organizationId }).from(organizationMembers).where(eq(organizationMembers.userId, userId));
    return rows.map((r) => r.id);
  },
};
