import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  components,
  environments,
  incidentComponents,
  incidentEnvironments,
  incidents,
  incidentUpdates,
  users,
} from '../../db/schema/index.js';
import type { IncidentListQuery } from './incidents.schemas.js';

export type IncidentRow = typeof incidents.$inferSelect;
export type EntryInsert = typeof incidentUpdates.$inferInsert;

// Author names come from the users table (read-only join) so a timeline never shows stale names.
const entryColumns = {
  id: incidentUpdates.id,
  incidentId: incidentUpdates.incidentId,
  message: incidentUpdates.message,
  authorId: incidentUpdates.authorId,
  authorUsername: users.username,
  type: incidentUpdates.type,
  fromStatus: incidentUpdates.fromStatus,
  toStatus: incidentUpdates.toStatus,
  createdAt: incidentUpdates.createdAt,
};

export const incidentsRepository = {
  async insert(db: Executor, values: typeof incidents.$inferInsert): Promise<IncidentRow> {
    const [row] = await db.insert(incidents).values(values).returning();
    return row!;
  },

  async find(db: Executor, id: string, opts: { forUpdate?: boolean } = {}): Promise<IncidentRow | undefined> {
    const q = db.select().from(incidents).where(eq(incidents.id, id)).limit(1);
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row;
  },

  async exists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db.select({ id: incidents.id }).from(incidents).where(eq(incidents.id, id)).limit(1);
    return !!row;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof incidents.$inferInsert>,
  ): Promise<IncidentRow | undefined> {
    const [row] = await db
      .update(incidents)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(incidents.id, id))
      .returning();
    return row;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(incidents).where(eq(incidents.id, id)).returning({ id: incidents.id });
    return rows.length > 0;
  },

  async list(db: Executor, q: IncidentListQuery) {
    const filters: SQL[] = [];
    if (q.severity) filters.push(eq(incidents.severity, q.severity));
    if (q.status) filters.push(eq(incidents.status, q.status));
    if (q.componentId)
      filters.push(
        inArray(
          incidents.id,
          db
            .select({ id: incidentComponents.incidentId })
            .from(incidentComponents)
            .where(eq(incidentComponents.componentId, q.componentId)),
        ),
      );
    const where = filters.length ? and(...filters) : undefined;
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(incidents)
        .where(where)
        .orderBy(desc(incidents.createdAt), desc(incidents.id))
        .offset(q.skip)
        .limit(q.take),
      db.select({ n: count() }).from(incidents).where(where),
    ]);
    return { data, total: total!.n };
  },

  /** Replaces the affected component ids of an incident (order kept through `position`). */
  async setComponents(db: Executor, incidentId: string, ids: string[]) {
    await db.delete(incidentComponents).where(eq(incidentComponents.incidentId, incidentId));
    if (ids.length)
      await db
        .insert(incidentComponents)
        .values(ids.map((componentId, position) => ({ incidentId, componentId, position })));
  },

  async setEnvironments(db: Executor, incidentId: string, ids: string[]) {
    await db.delete(incidentEnvironments).where(eq(incidentEnvironments.incidentId, incidentId));
    if (ids.length)
      await db
        .insert(incidentEnvironments)
        .values(ids.map((environmentId, position) => ({ incidentId, environmentId, position })));
  },

  /** Affected ids of many incidents in two queries (no N+1 on lists). */
  async affectedIds(db: Executor, incidentIds: string[]) {
    const out = new Map<string, { componentIds: string[]; environmentIds: string[] }>();
    for (const id of incidentIds) out.set(id, { componentIds: [], environmentIds: [] });
    if (incidentIds.length === 0) return out;
    // Sequential: `db` may be a transaction (one connection, one query at a time).
    const comps = await db
      .select({ incidentId: incidentComponents.incidentId, id: incidentComponents.componentId })
      .from(incidentComponents)
      .where(inArray(incidentComponents.incidentId, incidentIds))
      .orderBy(asc(incidentComponents.position));
    const envs = await db
      .select({ incidentId: incidentEnvironments.incidentId, id: incidentEnvironments.environmentId })
      .from(incidentEnvironments)
      .where(inArray(incidentEnvironments.incidentId, incidentIds))
      .orderBy(asc(incidentEnvironments.position));
    for (const c of comps) out.get(c.incidentId)!.componentIds.push(c.id);
    for (const e of envs) out.get(e.incidentId)!.environmentIds.push(e.id);
    return out;
  },

  /** Names of the affected components and environments (read-only joins on the catalog's tables). */
  async affectedDetails(db: Executor, incidentId: string) {
    const comps = await db
      .select({ id: components.id, name: components.name, kind: components.kind })
      .from(incidentComponents)
      .innerJoin(components, eq(components.id, incidentComponents.componentId))
      .where(eq(incidentComponents.incidentId, incidentId))
      .orderBy(asc(incidentComponents.position));
    const envs = await db
      .select({ id: environments.id, name: environments.name, type: environments.type })
      .from(incidentEnvironments)
      .innerJoin(environments, eq(environments.id, incidentEnvironments.environmentId))
      .where(eq(incidentEnvironments.incidentId, incidentId))
      .orderBy(asc(incidentEnvironments.position));
    return { components: comps, environments: envs };
  },

  async insertEntry(db: Executor, values: EntryInsert): Promise<string> {
    const [row] = await db.insert(incidentUpdates).values(values).returning({ id: incidentUpdates.id });
    return row!.id;
  },

  async findEntry(db: Executor, id: string) {
    const [row] = await db
      .select(entryColumns)
      .from(incidentUpdates)
      .leftJoin(users, eq(users.id, incidentUpdates.authorId))
      .where(eq(incidentUpdates.id, id))
      .limit(1);
    return row;
  },

  /** Oldest first; `seq` orders entries written in the same instant (e.g. within one transaction). */
  async timeline(db: Executor, incidentId: string) {
    return db
      .select(entryColumns)
      .from(incidentUpdates)
      .leftJoin(users, eq(users.id, incidentUpdates.authorId))
      .where(eq(incidentUpdates.incidentId, incidentId))
      .orderBy(asc(incidentUpdates.createdAt), asc(incidentUpdates.seq));
  },
};
