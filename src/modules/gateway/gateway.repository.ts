import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { gatewayHealthChecks, gatewayRoutes } from '../../db/schema/index.js';
import type { UpstreamRoute } from './gateway.ports.js';

export type GatewayRouteRow = typeof gatewayRoutes.$inferSelect;
export type HealthCheckRow = typeof gatewayHealthChecks.$inferSelect;

const r = gatewayRoutes;

export interface RouteFilter {
  gatewayType?: string;
  componentId?: string;
  stale?: boolean;
}

export const gatewayRepository = {
  /**
   * Upserts the routes of one gateway on (gatewayType, externalId), clears staleness of those seen,
   * and marks the unseen ones stale (keeping their first `staleSince`). One transaction.
   */
  async applySync(
    db: Database,
    gatewayType: string,
    routes: UpstreamRoute[],
    now: Date,
  ): Promise<{ upserted: number; markedStale: number }> {
    return db.transaction(async (tx) => {
      for (let i = 0; i < routes.length; i += 200) {
        const chunk = routes
          .slice(i, i + 200)
          .map((u) => ({ ...u, gatewayType, syncedAt: now, stale: false, staleSince: null }));
        await tx
          .insert(r)
          .values(chunk)
          .onConflictDoUpdate({
            target: [r.gatewayType, r.externalId],
            set: {
              name: sql`excluded.name`,
              paths: sql`excluded.paths`,
              methods: sql`excluded.methods`,
              tags: sql`excluded.tags`,
              probeUrl: sql`excluded.probe_url`,
              syncedAt: now,
              stale: false,
              staleSince: null,
              updatedAt: now,
            },
          });
      }
      const seen = routes.map((u) => u.externalId);
      const gone: SQL[] = [eq(r.gatewayType, gatewayType), eq(r.stale, false)];
      if (seen.length) gone.push(notInArray(r.externalId, seen));
      const stale = await tx
        .update(r)
        .set({ stale: true, staleSince: now, updatedAt: now })
        .where(and(...gone))
        .returning({ id: r.id });
      return { upserted: routes.length, markedStale: stale.length };
    });
  },

  async list(db: Executor, f: RouteFilter, offset: number, limit: number) {
    const conds: SQL[] = [];
    if (f.gatewayType) conds.push(eq(r.gatewayType, f.gatewayType));
    if (f.componentId) conds.push(eq(r.componentId, f.componentId));
    if (f.stale !== undefined) conds.push(eq(r.stale, f.stale));
    const where = conds.length ? and(...conds) : undefined;
    const [data, [count]] = await Promise.all([
      db.select().from(r).where(where).orderBy(asc(r.name), asc(r.id)).limit(limit).offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(r)
        .where(where),
    ]);
    return { data, total: count?.n ?? 0 };
  },

  async find(db: Executor, id: string) {
    const [row] = await db.select().from(r).where(eq(r.id, id)).limit(1);
    return row;
  },

  async setComponent(db: Executor, id: string, componentId: string | null) {
    const [row] = await db.update(r).set({ componentId, updatedAt: new Date() }).where(eq(r.id, id)).returning();
    return row;
  },

  async probeTargets(db: Executor) {
    return db.select({ id: r.id, probeUrl: r.probeUrl }).from(r).where(eq(r.stale, false)).orderBy(asc(r.id));
  },

  async insertChecks(db: Executor, rows: (typeof gatewayHealthChecks.$inferInsert)[]) {
    for (let i = 0; i < rows.length; i += 500) await db.insert(gatewayHealthChecks).values(rows.slice(i, i + 500));
  },

  async latestChecks(db: Executor): Promise<HealthCheckRow[]> {
    const h = gatewayHealthChecks;
    return db.selectDistinctOn([h.routeId]).from(h).orderBy(h.routeId, desc(h.checkedAt), desc(h.id));
  },

  async routeIdsExist(db: Executor, ids: string[]) {
    if (!ids.length) return new Set<string>();
    return new Set((await db.select({ id: r.id }).from(r).where(inArray(r.id, ids))).map((x) => x.id));
  },
};
