import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
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
  /**
   * The components whose reference (`kind:namespace/name`, compared case-insensitively) is `ref`:
   * the indexed exact spelling first, then any case. Several rows may share a reference (decision 607).
   */
  async findByRef(db: Executor, ref: string) {
    const cols = { id: components.id, ref: components.ref, entityKind: components.entityKind };
    const exact = await db.select(cols).from(components).where(eq(components.ref, ref)).limit(5);
    if (exact.length) return exact;
    return db
      .select(cols)
      .from(components)
      .where(sql`lower(${components.ref}) = lower(${ref})`)
      .limit(5);
  },
  /**
   * Components whose annotation `key` is `value`, case-insensitively (a repository slug or an
   * application name, as deployment webhooks name them; each key has an expression index: decision 862).
   */
  async findByAnnotation(
    db: Executor,
    key: 'github.com/project-slug' | 'gitlab.com/project-slug' | 'argocd/app-name',
    value: string,
  ) {
    // The key is spelled as a literal so the expression matches its index.
    const annotation = sql`lower(${components.annotations} ->> ${sql.raw(`'${key}'`)})`;
    return db
      .select({ id: components.id, ref: components.ref, entityKind: components.entityKind })
      .from(components)
      .where(sql`${annotation} = lower(${value})`)
      .orderBy(asc(components.ref), asc(components.id))
      .limit(20);
  },
  /** Components carrying annotation `key` (any value), by name: for integrations keyed by annotations. */
  async withAnnotation(db: Executor, key: string) {
    return db
      .select({
        id: components.id,
        name: components.name,
        kind: components.kind,
        annotations: components.annotations,
        teamId: components.teamId,
      })
      .from(components)
      .where(sql`${components.annotations} ? ${key}`)
      .orderBy(asc(components.name), asc(components.id));
  },
};

/** Cache namespace of the component list and get; any write to a component row must invalidate it. */
export const CATALOG_CACHE_NS = 'catalog';

/** An entity as the scorecards module reads it: the fields its filters and facts use. */
export interface ScorecardSubject {
  id: string;
  name: string;
  namespace: string;
  ref: string;
  kind: string;
  entityKind: string;
  type: string | null;
  title: string | null;
  owner: string | null;
  ownerRef: string | null;
  teamId: string | null;
  lifecycle: string | null;
  system: string | null;
  systemRef: string | null;
  tags: string[];
  description: string | null;
  linkCount: number;
}

/** Bulk reads for scorecards: a page of entities in id order (keyset), or the entities of given ids. */
export const catalogScorecardLookup = {
  async subjects(db: Executor, q: { afterId?: string; limit?: number; ids?: string[] }): Promise<ScorecardSubject[]> {
    const conds = [];
    if (q.ids) {
      if (q.ids.length === 0) return [];
      conds.push(inArray(components.id, q.ids));
    }
    if (q.afterId) conds.push(gt(components.id, q.afterId));
    const query = db
      .select({
        id: components.id,
        name: components.name,
        namespace: components.namespace,
        ref: components.ref,
        kind: components.kind,
        entityKind: components.entityKind,
        type: components.type,
        title: components.title,
        owner: components.owner,
        ownerRef: components.ownerRef,
        teamId: components.teamId,
        lifecycle: components.lifecycle,
        system: components.system,
        systemRef: components.systemRef,
        tags: components.tags,
        description: components.description,
        linkCount: sql<number>`jsonb_array_length(${components.links})::int`,
      })
      .from(components)
      .where(conds.length ? and(...conds) : undefined)
      .orderBy(asc(components.id));
    const rows = q.limit ? await query.limit(q.limit) : await query;
    return rows.map((r) => ({ ...r, linkCount: Number(r.linkCount) }));
  },
};
