import { components } from '../../src/db/schema/index.js';
import type { Database } from '../../src/db/client.js';
import { uniq } from './app.js';

/** A component row written straight to the table (a unique `service` unless `values` say otherwise). */
export async function insertComponent(db: Database, values: Partial<typeof components.$inferInsert> = {}) {
  const [row] = await db
    .insert(components)
    .values({ name: uniq('svc'), kind: 'service', ...values })
    .returning();
  return row!;
}
