import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { mapLimit } from '../../kernel/concurrency.js';
import type { GatewayAdapter, HealthStatus, RouteProbePort, RouteProbeResult } from './gateway.ports.js';
import { gatewayRepository as repo, type GatewayRouteRow, type HealthCheckRow } from './gateway.repository.js';
import type { RouteQuery } from './gateway.schemas.js';

const toRoute = (r: GatewayRouteRow) => ({
  id: r.id,
  externalId: r.externalId,
  name: r.name,
  paths: r.paths,
  methods: r.methods,
  tags: r.tags,
  gatewayType: r.gatewayType,
  syncedAt: r.syncedAt,
  componentId: r.componentId,
  stale: r.stale,
  staleSince: r.staleSince,
});
/** `down` on a 5xx or no answer; `degraded` above the threshold; else `up` (a 4xx is still an answer). */
const healthOf = (r: RouteProbeResult, degradedMs: number): HealthStatus =>
  r.statusCode === null || r.statusCode >= 500 ? 'down' : r.latencyMs > degradedMs ? 'degraded' : 'up';

const toCheck = (h: HealthCheckRow) => ({
  id: h.id,
  routeId: h.routeId,
  status: h.status as HealthStatus,
  latencyMs: h.latencyMs,
  checkedAt: h.checkedAt,
});

export function createGatewayService({
  db,
  adapters,
  degradedMs,
  probe,
}: {
  db: Database;
  adapters: GatewayAdapter[];
  degradedMs: number;
  /** The HTTP probe of a route (decision 513). */
  probe: RouteProbePort;
}) {
  return {
    async list(_caller: Caller, q: RouteQuery) {
      const { data, total } = await repo.list(
        db,
        { gatewayType: q.gatewayType, componentId: q.componentId, stale: q.stale },
        (q.page - 1) * q.limit,
        q.limit,
      );
      return { data: data.map(toRoute), total, page: q.page, limit: q.limit };
    },

    async get(_caller: Caller, id: string) {
      const row = await repo.find(db, id);
      if (!row) throw new NotFound('Gateway route not found');
      return toRoute(row);
    },

    /** The only way a route gets a component: sync never touches the link. `null` unlinks. */
    async link(_caller: Caller, id: string, componentId: string | null) {
      if (!(await repo.find(db, id))) throw new NotFound('Gateway route not found');
      if (componentId && !(await catalogLookup.componentExists(db, componentId)))
        throw new NotFound('Component not found');
      return toRoute((await repo.setComponent(db, id, componentId))!);
    },

    /** Reads every enabled gateway; a gateway that fails is reported in `errors` and its routes keep their state. */
    async sync(_caller: Caller, signal?: AbortSignal) {
      let synced = 0;
      const errors: { gatewayType: string; message: string }[] = [];
      for (const adapter of adapters) {
        try {
          const routes = await adapter.listRoutes(signal);
          // Duplicate ids in one answer would make the upsert hit the same row twice.
          const unique = [...new Map(routes.map((r) => [r.externalId, r])).values()];
          synced += (await repo.applySync(db, adapter.type, unique, new Date())).upserted;
        } catch (err) {
          if (signal?.aborted) throw err;
          errors.push({ gatewayType: adapter.type, message: err instanceof Error ? err.message : 'sync failed' });
        }
      }
      return { synced, errors };
    },

    async health(_caller: Caller) {
      return { data: (await repo.latestChecks(db)).map(toCheck) };
    },

    /** Probes every route still present upstream, stores one check per route, answers the counts. */
    async check(_caller: Caller, signal?: AbortSignal) {
      const targets = await repo.probeTargets(db);
      const results = await mapLimit(targets, 8, async (t) => {
        signal?.throwIfAborted();
        if (!t.probeUrl) return { routeId: t.id, status: 'down' as const, latencyMs: 0, checkedAt: new Date() };
        const r = await probe.probe(t.probeUrl, signal);
        return { routeId: t.id, status: healthOf(r, degradedMs), latencyMs: r.latencyMs, checkedAt: new Date() };
      });
      await repo.insertChecks(db, results);
      const count = (s: HealthStatus) => results.filter((r) => r.status === s).length;
      return { checked: results.length, up: count('up'), degraded: count('degraded'), down: count('down') };
    },
  };
}

export type GatewayService = ReturnType<typeof createGatewayService>;
