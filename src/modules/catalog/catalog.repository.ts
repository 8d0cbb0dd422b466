import { and, asc, desc, eq, getTableColumns, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { components } from '../../db/schema/index.js';
import type { Sort } from './catalog.schemas.js';

export type ComponentRow = Omit<typeof components.$inferSelect, 'search'>;
/** Every column but the search document: it is only ever matched in SQL, never read (it is large). */
const { search: _search, ...COLUMNS } = getTableColumns(components);
export const componentColumns = COLUMNS;
export type NewComponentRow = typeof components.$inferInsert;
export type ComponentChanges = Partial<Omit<NewComponentRow, 'id' | 'createdAt' | 'updatedAt'>>;

export interface ListFilter {
  kinds?: readonly string[];
  teamId?: string;
  entityKind?: string;
  type?: string;
  ownerRef?: string;
  lifecycle?: string;
  tag?: string;
  systemRef?: string;
  namespace?: string;
  orphan?: boolean;
  /** A tsquery text (already built from the user's words). */
  tsquery?: string;
}

/** The filtered columns: those of `components`, or the same names in `catalog_facet_counts` (decision 181). */
export type FilterColumns = Record<
  'kind' | 'teamId' | 'entityKind' | 'type' | 'ownerRef' | 'lifecycle' | 'tags' | 'systemRef' | 'namespace' | 'orphan',
  AnyColumn
>;

export function whereOf(f: ListFilter, t: FilterColumns = components): SQL | undefined {
  const c: SQL[] = [];
  // Each equality filter has a (column, name, id) btree; tags and search have GIN indexes.
  if (f.kinds) c.push(f.kinds.length === 1 ? eq(t.kind, f.kinds[0]!) : inArray(t.kind, [...f.kinds]));
  if (f.teamId) c.push(eq(t.teamId, f.teamId));
  if (f.entityKind) c.push(eq(t.entityKind, f.entityKind));
  if (f.type) c.push(eq(t.type, f.type));
  if (f.ownerRef) c.push(eq(t.ownerRef, f.ownerRef));
  if (f.lifecycle) c.push(eq(t.lifecycle, f.lifecycle));
  if (f.tag) c.push(sql`${t.tags} @> ARRAY[${f.tag}]::text[]`);
  if (f.systemRef) c.push(eq(t.systemRef, f.systemRef));
  if (f.namespace) c.push(eq(t.namespace, f.namespace));
  if (f.orphan !== undefined) c.push(f.orphan ? sql`${t.orphan}` : sql`NOT ${t.orphan}`);
  // Only the components table has the search document (the facet counts are never asked with one).
  if (f.tsquery) c.push(sql`${components.search} @@ to_tsquery('english', ${f.tsquery})`);
  return c.length ? and(...c) : undefined;
}

function orderOf(sort: Sort | undefined, tsquery: string | undefined): SQL[] {
  const byName = [asc(components.name), asc(components.id)];
  switch (sort) {
    case '-name':
      return [desc(components.name), desc(components.id)];
    case 'createdAt':
      return [asc(components.createdAt), asc(components.id)];
    case '-createdAt':
      return [desc(components.createdAt), desc(components.id)];
    case 'updatedAt':
      return [asc(components.updatedAt), asc(components.id)];
    case '-updatedAt':
      return [desc(components.updatedAt), desc(components.id)];
    case 'kind':
      return [asc(components.kind), ...byName];
    case '-kind':
      return [desc(components.kind), ...byName];
    case 'name':
      return byName;
    default:
      // Without an explicit sort, a search is ranked (best first), ties by name.
      return tsquery ? [sql`ts_rank(${components.search}, to_tsquery('english', ${tsquery})) DESC`, ...byName] : byName;
  }
}

export const catalogRepository = {
  async page(db: Executor, filter: ListFilter, sort: Sort | undefined, skip: number, take: number) {
    return db
      .select(COLUMNS)
      .from(components)
      .where(whereOf(filter))
      .orderBy(...orderOf(sort, filter.tsquery))
      .offset(skip)
      .limit(take);
  },

  async findById(db: Executor, id: string): Promise<ComponentRow | undefined> {
    const [row] = await db.select(COLUMNS).from(components).where(eq(components.id, id)).limit(1);
    return row;
  },

  async findByRef(db: Executor, ref: string): Promise<ComponentRow | undefined> {
    const [row] = await db.select(COLUMNS).from(components).where(eq(components.ref, ref)).limit(1);
    return row;
  },

  async findByRefs(db: Executor, refs: string[]): Promise<ComponentRow[]> {
    if (refs.length === 0) return [];
    return db.select(COLUMNS).from(components).where(inArray(components.ref, refs));
  },

  /** Rows holding any of these (kind, namespace, name) keys: the Hangar uniqueness rule. */
  async findByKindKeys(db: Executor, keys: { kind: string; namespace: string; name: string }[]) {
    if (keys.length === 0) return [];
    const names = [...new Set(keys.map((k) => k.name))];
    const rows = await db
      .select({
        id: components.id,
        ref: components.ref,
        kind: components.kind,
        namespace: components.namespace,
        name: components.name,
      })
      .from(components)
      .where(inArray(components.name, names));
    const wanted = new Set(keys.map((k) => `${k.kind}\u0000${k.namespace}\u0000${k.name}`));
    return rows.filter((r) => wanted.has(`${r.kind}\u0000${r.namespace}\u0000${r.name}`));
  },

  async insert(db: Executor, values: NewComponentRow): Promise<ComponentRow> {
    const [row] = await db.insert(components).values(values).returning(COLUMNS);
    return row!;
  },

  async insertMany(db: Executor, values: NewComponentRow[]): Promise<ComponentRow[]> {
    if (values.length === 0) return [];
    return db.insert(components).values(values).returning(COLUMNS);
  },

  /** Inserts many registered rows in ONE statement (the values travel as one JSON parameter). */
  async insertRegistered(db: Executor, rows: RegisteredValues[]): Promise<ComponentRow[]> {
    if (rows.length === 0) return [];
    const result = await db.execute(sql`
      INSERT INTO ${components} (name, namespace, entity_kind, kind, type, title, owner, system, lifecycle, description, tags,
        annotations, labels, links, remotes, team_id, orphan, source_location_id, source_file, entity_hash)
      SELECT v.name, v.namespace, v.entity_kind, v.kind, v.type, v.title, v.owner, v.system, v.lifecycle, v.description,
        ARRAY(SELECT jsonb_array_elements_text(v.tags)), v.annotations, v.labels, v.links, v.remotes, v.team_id, v.orphan,
        v.source_location_id, v.source_file, v.entity_hash
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(${RECORD})
      RETURNING id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    return ids.length ? db.select(COLUMNS).from(components).where(inArray(components.id, ids)) : [];
  },

  /**
   * Updates many rows by id in ONE statement: the new values travel as a single JSON parameter
   * (jsonb_to_recordset), so a 5,000-entity refresh is one round trip, not 5,000.
   */
  async updateMany(db: Executor, rows: (RegisteredValues & { id: string })[]): Promise<ComponentRow[]> {
    if (rows.length === 0) return [];
    const payload = JSON.stringify(rows);
    const result = await db.execute(sql`
      UPDATE ${components} AS c SET
        name = v.name, namespace = v.namespace, entity_kind = v.entity_kind, kind = v.kind, type = v.type, title = v.title,
        owner = v.owner, system = v.system, lifecycle = v.lifecycle, description = v.description,
        tags = ARRAY(SELECT jsonb_array_elements_text(v.tags)), annotations = v.annotations, labels = v.labels, links = v.links,
        remotes = v.remotes,
        team_id = v.team_id, orphan = v.orphan, source_location_id = v.source_location_id, source_file = v.source_file,
        entity_hash = v.entity_hash, updated_at = now()
      FROM jsonb_to_recordset(${payload}::jsonb) AS v(id uuid, ${RECORD})
      WHERE c.id = v.id
      RETURNING c.id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    return ids.length ? db.select(COLUMNS).from(components).where(inArray(components.id, ids)) : [];
  },

  async update(db: Executor, id: string, changes: ComponentChanges): Promise<ComponentRow | undefined> {
    const [row] = await db
      .update(components)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(components.id, id))
      .returning(COLUMNS);
    return row;
  },

  /** Not a change of the entity: updatedAt stays. */
  async setDefinitionHash(db: Executor, id: string, definitionHash: string) {
    await db
      .update(components)
      .set({ definitionHash, updatedAt: sql`${components.updatedAt}` })
      .where(eq(components.id, id));
  },

  async delete(db: Executor, id: string): Promise<ComponentRow | undefined> {
    const [row] = await db.delete(components).where(eq(components.id, id)).returning(COLUMNS);
    return row;
  },

  /** Every component read from a location (its removal by discovery, decision 1014). */
  async deleteOfLocation(db: Executor, locationId: string): Promise<ComponentRow[]> {
    return db.delete(components).where(eq(components.sourceLocationId, locationId)).returning(COLUMNS);
  },

  /** Whether another row holds this kind+namespace+name (the 409 check before a write). */
  async keyTaken(
    db: Executor,
    key: { kind: string; namespace: string; name: string },
    exceptId?: string,
  ): Promise<boolean> {
    const [row] = await db
      .select({ id: components.id })
      .from(components)
      .where(and(eq(components.kind, key.kind), eq(components.namespace, key.namespace), eq(components.name, key.name)))
      .limit(1);
    return !!row && row.id !== exceptId;
  },

  /** Components owned by group `groupRef` (any spelling resolves to it) point at `teamId`. */
  async linkOwner(db: Executor, groupRef: string, teamId: string): Promise<ComponentRow[]> {
    return db
      .update(components)
      .set({ teamId, updatedAt: new Date() })
      .where(and(eq(components.ownerRef, groupRef), sql`${components.teamId} IS DISTINCT FROM ${teamId}`))
      .returning(COLUMNS);
  },

  /** Components of `teamId` lose the link (all, or only those whose owner is `groupRef`). */
  async unlinkTeam(db: Executor, teamId: string, groupRef?: string): Promise<ComponentRow[]> {
    const where = groupRef
      ? and(eq(components.teamId, teamId), eq(components.ownerRef, groupRef))
      : eq(components.teamId, teamId);
    return db.update(components).set({ teamId: null, updatedAt: new Date() }).where(where).returning(COLUMNS);
  },

  async ofTeam(db: Executor, teamId: string, groupRef: string): Promise<ComponentRow[]> {
    return db
      .select(COLUMNS)
      .from(components)
      .where(sql`${components.teamId} = ${teamId} OR ${components.ownerRef} = ${groupRef}`)
      .orderBy(asc(components.name), asc(components.id));
  },

  /** Marks orphan the location's components whose reference was not seen (files that failed are spared). */
  async markOrphans(db: Executor, locationId: string, seen: string[], sparedFiles: string[]): Promise<ComponentRow[]> {
    const conditions = [eq(components.sourceLocationId, locationId), sql`NOT ${components.orphan}`];
    if (seen.length) conditions.push(sql`NOT (${components.ref} = ANY(${toPgArray(seen)}::text[]))`);
    if (sparedFiles.length)
      conditions.push(
        sql`(${components.sourceFile} IS NULL OR NOT (${components.sourceFile} = ANY(${toPgArray(sparedFiles)}::text[])))`,
      );
    return db
      .update(components)
      .set({ orphan: true, entityHash: null, updatedAt: new Date() })
      .where(and(...conditions))
      .returning(COLUMNS);
  },
};

/** A text[] literal passed as ONE parameter (bulk lists never become thousands of placeholders). */
export function toPgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The record type of the JSON rows above (column names and types). */
const RECORD = sql.raw(
  'name text, namespace text, entity_kind text, kind text, type text, title text, owner text, system text, lifecycle text, ' +
    'description text, tags jsonb, annotations jsonb, labels jsonb, links jsonb, remotes jsonb, team_id uuid, orphan boolean, ' +
    'source_location_id uuid, source_file text, entity_hash text',
);

/** What a registration writes, in column names (gitopsApp and workloadStatus belong to other writers). */
export interface RegisteredValues {
  name: string;
  namespace: string;
  entity_kind: string;
  kind: string;
  type: string | null;
  title: string | null;
  owner: string | null;
  system: string | null;
  lifecycle: string | null;
  description: string | null;
  tags: string[];
  annotations: Record<string, string>;
  labels: Record<string, string>;
  links: unknown[];
  remotes: unknown[] | null;
  team_id: string | null;
  orphan: boolean;
  source_location_id: string | null;
  source_file: string | null;
  entity_hash: string;
}
