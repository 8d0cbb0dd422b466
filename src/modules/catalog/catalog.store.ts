import { and, asc, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { catalogLocations, catalogPeople, catalogRelations, components, users } from '../../db/schema/index.js';
import { teamsLookup } from '../teams/index.js';
import { toPgArray } from './catalog.repository.js';
import type { Edge } from './catalog.entity-types.js';

export type LocationRow = typeof catalogLocations.$inferSelect;
export type PersonRow = typeof catalogPeople.$inferSelect;
export type NewPersonRow = typeof catalogPeople.$inferInsert;

const CHUNK = 2000;
const chunks = <T>(items: T[], size = CHUNK) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Relations: an entity's edges are replaced whole each time its descriptor is read. */
export const relationsStore = {
  async replace(db: Executor, origins: string[], edges: (Edge & { originRef: string })[]) {
    if (origins.length)
      await db.delete(catalogRelations).where(sql`${catalogRelations.originRef} = ANY(${toPgArray(origins)}::text[])`);
    // Four array parameters per statement (unnest), not four placeholders per edge: cheap to bind and plan.
    for (const part of chunks(edges, 20_000)) {
      await db.execute(sql`
        INSERT INTO ${catalogRelations} (source_ref, type, target_ref, origin_ref)
        SELECT * FROM unnest(${toPgArray(part.map((e) => e.source))}::text[], ${toPgArray(part.map((e) => e.type))}::text[],
          ${toPgArray(part.map((e) => e.target))}::text[], ${toPgArray(part.map((e) => e.originRef))}::text[])
        ON CONFLICT DO NOTHING`);
    }
  },

  async removeOrigin(db: Executor, origin: string) {
    await db.delete(catalogRelations).where(eq(catalogRelations.originRef, origin));
  },

  async ofSource(db: Executor, sourceRef: string) {
    return db
      .selectDistinct({
        type: catalogRelations.type,
        source: catalogRelations.sourceRef,
        target: catalogRelations.targetRef,
      })
      .from(catalogRelations)
      .where(eq(catalogRelations.sourceRef, sourceRef))
      .orderBy(asc(catalogRelations.type), asc(catalogRelations.targetRef));
  },

  /** Targets of `type` edges leaving any of `sources` (e.g. the groups a user is a member of). */
  async targets(db: Executor, sources: string[], type: string) {
    if (sources.length === 0) return [];
    return db
      .selectDistinct({ source: catalogRelations.sourceRef, target: catalogRelations.targetRef })
      .from(catalogRelations)
      .where(
        and(sql`${catalogRelations.sourceRef} = ANY(${toPgArray(sources)}::text[])`, eq(catalogRelations.type, type)),
      );
  },

  /** Sources of `type` edges arriving at any of `targets` (e.g. the groups that named one of these as parent). */
  async sources(db: Executor, targets: string[], type: string) {
    if (targets.length === 0) return [];
    return db
      .selectDistinct({ source: catalogRelations.sourceRef, target: catalogRelations.targetRef })
      .from(catalogRelations)
      .where(
        and(sql`${catalogRelations.targetRef} = ANY(${toPgArray(targets)}::text[])`, eq(catalogRelations.type, type)),
      );
  },
};

/** Ids of whatever the references name: components, teams (groups) and people (users). */
export async function resolveRefs(db: Executor, refs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(refs)];
  const groups = unique.filter((r) => r.startsWith('group:'));
  const people = unique.filter((r) => r.startsWith('user:'));
  const rest = unique.filter((r) => !r.startsWith('group:') && !r.startsWith('user:'));
  if (rest.length) {
    for (const r of await db
      .select({ id: components.id, ref: components.ref })
      .from(components)
      .where(inArray(components.ref, rest)))
      out.set(r.ref, r.id);
  }
  if (people.length) {
    for (const r of await db
      .select({ id: catalogPeople.id, ref: catalogPeople.ref })
      .from(catalogPeople)
      .where(inArray(catalogPeople.ref, people)))
      out.set(r.ref, r.id);
  }
  if (groups.length) {
    const rows = await teamsLookup.byNames(
      db,
      groups.map((g) => g.slice(g.indexOf('/') + 1)),
    );
    for (const r of rows) out.set(`group:${r.namespace}/${r.name}`, r.id);
  }
  return out;
}

export const peopleStore = {
  async upsertMany(db: Executor, values: NewPersonRow[]): Promise<PersonRow[]> {
    const out: PersonRow[] = [];
    for (const part of chunks(values)) {
      const rows = await db
        .insert(catalogPeople)
        .values(part)
        .onConflictDoUpdate({
          target: catalogPeople.ref,
          set: {
            displayName: sql`excluded.display_name`,
            email: sql`excluded.email`,
            orphan: sql`excluded.orphan`,
            sourceLocationId: sql`excluded.source_location_id`,
            sourceFile: sql`excluded.source_file`,
            entityHash: sql`excluded.entity_hash`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${catalogPeople.entityHash} IS DISTINCT FROM excluded.entity_hash`,
        })
        .returning();
      out.push(...rows);
    }
    return out;
  },

  async page(db: Executor, q: { q?: string; memberOfRef?: string }, skip: number, take: number) {
    const conditions: SQL[] = [];
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        or(ilike(catalogPeople.name, like), ilike(catalogPeople.displayName, like), ilike(catalogPeople.email, like))!,
      );
    }
    if (q.memberOfRef) {
      conditions.push(
        sql`EXISTS (SELECT 1 FROM ${catalogRelations} r WHERE r.source_ref = ${catalogPeople.ref} AND r.type = 'memberOf' AND r.target_ref = ${q.memberOfRef})`,
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [data, [total]] = await Promise.all([
      db
        .select({ ...getTableColumns(catalogPeople), accountId: users.id })
        .from(catalogPeople)
        .leftJoin(users, sql`${users.email} = lower(${catalogPeople.email})`)
        .where(where)
        .orderBy(asc(catalogPeople.name), asc(catalogPeople.namespace), asc(catalogPeople.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(catalogPeople).where(where),
    ]);
    return { data, total: total!.n };
  },

  async findByRef(db: Executor, ref: string) {
    const [row] = await db
      .select({ ...getTableColumns(catalogPeople), accountId: users.id })
      .from(catalogPeople)
      .leftJoin(users, sql`${users.email} = lower(${catalogPeople.email})`)
      .where(eq(catalogPeople.ref, ref))
      .limit(1);
    return row;
  },

  async markOrphans(db: Executor, locationId: string, seen: string[], sparedFiles: string[]) {
    const conditions = [eq(catalogPeople.sourceLocationId, locationId), sql`NOT ${catalogPeople.orphan}`];
    if (seen.length) conditions.push(sql`NOT (${catalogPeople.ref} = ANY(${toPgArray(seen)}::text[]))`);
    if (sparedFiles.length)
      conditions.push(
        sql`(${catalogPeople.sourceFile} IS NULL OR NOT (${catalogPeople.sourceFile} = ANY(${toPgArray(sparedFiles)}::text[])))`,
      );
    await db
      .update(catalogPeople)
      .set({ orphan: true, entityHash: null, updatedAt: new Date() })
      .where(and(...conditions));
  },

  async deleteOfLocation(db: Executor, locationId: string) {
    await db.delete(catalogPeople).where(eq(catalogPeople.sourceLocationId, locationId));
  },
};

export const locationsStore = {
  /** `registeredBy` (decision 1062): who the location writes for from now on; undefined keeps a stored one. */
  async upsert(
    db: Executor,
    values: { url: string; branch: string; path: string },
    registeredBy?: string | null,
  ): Promise<LocationRow> {
    const by = registeredBy === undefined ? {} : { registeredBy };
    const [row] = await db
      .insert(catalogLocations)
      .values({ ...values, ...by })
      .onConflictDoUpdate({
        target: [catalogLocations.url, catalogLocations.branch, catalogLocations.path],
        set: { updatedAt: sql`now()`, ...by },
      })
      .returning();
    return row!;
  },
  async find(db: Executor, id: string) {
    const [row] = await db.select().from(catalogLocations).where(eq(catalogLocations.id, id)).limit(1);
    return row;
  },
  async findByKey(db: Executor, key: { url: string; branch: string; path: string }) {
    const [row] = await db
      .select()
      .from(catalogLocations)
      .where(
        and(
          eq(catalogLocations.url, key.url),
          eq(catalogLocations.branch, key.branch),
          eq(catalogLocations.path, key.path),
        ),
      )
      .limit(1);
    return row;
  },
  /** Many locations by key in one statement (a discovery page, decision 1030). */
  async findByKeys(db: Executor, keys: { url: string; branch: string; path: string }[]) {
    if (keys.length === 0) return [];
    return db
      .select()
      .from(catalogLocations)
      .where(
        sql`(${catalogLocations.url}, ${catalogLocations.branch}, ${catalogLocations.path}) IN (SELECT * FROM unnest(${toPgArray(keys.map((k) => k.url))}::text[], ${toPgArray(keys.map((k) => k.branch))}::text[], ${toPgArray(keys.map((k) => k.path))}::text[]))`,
      );
  },
  async upsertMany(db: Executor, keys: { url: string; branch: string; path: string }[]): Promise<LocationRow[]> {
    if (keys.length === 0) return [];
    return db
      .insert(catalogLocations)
      .values(keys)
      .onConflictDoUpdate({
        target: [catalogLocations.url, catalogLocations.branch, catalogLocations.path],
        set: { updatedAt: sql`now()` },
      })
      .returning();
  },
  async page(db: Executor, skip: number, take: number) {
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(catalogLocations)
        .orderBy(asc(catalogLocations.createdAt), asc(catalogLocations.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(catalogLocations),
    ]);
    return { data, total: total!.n };
  },
  async all(db: Executor) {
    return db.select().from(catalogLocations).orderBy(asc(catalogLocations.createdAt));
  },
  async recordRefresh(db: Executor, id: string, lastError: string | null) {
    await db
      .update(catalogLocations)
      .set({ lastRefreshedAt: new Date(), lastError })
      .where(eq(catalogLocations.id, id));
  },
  /** Several locations' refresh in one statement (JSON: a null error is a value, not a missing one). */
  async recordRefreshMany(db: Executor, rows: { id: string; lastError: string | null }[]) {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE ${catalogLocations} SET last_refreshed_at = now(), last_error = v.e, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, e: r.lastError })))}::jsonb) AS v(id uuid, e text)
      WHERE ${catalogLocations.id} = v.id`);
  },
  async delete(db: Executor, id: string) {
    const [row] = await db.delete(catalogLocations).where(eq(catalogLocations.id, id)).returning();
    return row;
  },
};
