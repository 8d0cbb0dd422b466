import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations } from '../../db/schema/index.js';

/** Reads other modules need from organizations (they never query its tables themselves). */
export const organizationsLookup = {
  async organizationExists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
    return !!row;
  },
};
