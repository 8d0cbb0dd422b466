import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { components } from '../../db/schema/index.js';
import { componentColumns } from './catalog.repository.js';

/** Reads other modules need (existence checks, names), without reaching into the catalog's tables. */
export const catalogLookup = {
  async findComponent(db: Executor, id: string) {
    const [row] = await db.select(componentColumns).from(components).where(eq(components.id, id)).limit(1);
    return row;
  },
  async componentExists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db.select({ id: components.id }).from(components).where(eq(components.id, id)).limit(1);
    return !!row;
  },
  /** The ids among `ids` that are components (for "400 naming the missing id" checks). */
  async existingComponentIds(db: Executor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: components.id }).from(components).where(inArray(components.id, ids));
    return new Set(rows.map((r) => r.id));
  },
  /** Components carrying annotation `key` (any value), by name: for integrations keyed by annotations. */
  async withAnnotation(db: Executor, key: string) {
    return db
      .select({ id: components.id, name: components.name, kind: components.kind, annotations: components.annotations, teamId: components.teamId })
      .from(components)
      .where(sql`${components.annotations} ? ${key}`)
      .orderBy(asc(components.name), asc(components.id));
  },
};

/** Cache namespace of the component list and get; any write to a component row must invalidate it. */
export const CATALOG_CACHE_NS = 'catalog';
