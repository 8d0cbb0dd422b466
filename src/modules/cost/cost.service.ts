import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { catalogLookup, type CatalogService } from '../catalog/index.js';
import { aggregateOf, BUDGET_ANNOTATION, budgetOf } from './cost.aggregate.js';
import type { Allocation, CostSourcePort, CostWindow } from './cost.ports.js';
import { costRepository as repo, type CostRecordRow } from './cost.repository.js';

export interface CostDeps {
  db: Database;
  source: CostSourcePort;
  currency: string;
  /** The catalog's verbs: a team's components, every component for the sync. */
  catalog: Pick<CatalogService, 'componentsOfTeam' | 'list'>;
  /** Told every component a sync stored a record for, in one call: scorecards re-evaluate them in bulk (decision 550). */
  factsChanged?: (componentIds: string[]) => void;
}

const SYNC_WINDOW: CostWindow = '7d';
const round = (n: number) => Math.round(n * 1e6) / 1e6;
const allocationOf = (r: CostRecordRow): Allocation => ({
  cpuCost: r.cpuCost,
  memoryCost: r.memoryCost,
  pvCost: r.pvCost,
  networkCost: r.networkCost,
  totalCost: r.totalCost,
});

/** An allocation map keyed by aggregate value; label aggregations are also matched as `label=value`. */
function pick(allocs: Map<string, Allocation>, aggregate: string, key: string): Allocation | null {
  const label = aggregate.startsWith('label:') ? aggregate.slice(6) : undefined;
  return allocs.get(key) ?? (label ? allocs.get(`${label}=${key}`) : undefined) ?? null;
}

/** Every catalog component, by the cost aggregation it is read under (decision 1170: cut out of sync). */
async function componentsByAggregate(catalog: CostDeps['catalog'], caller: Caller, signal?: AbortSignal) {
  const byAggregate = new Map<string, { id: string; key: string }[]>();
  for (let skip = 0; ; skip += 100) {
    signal?.throwIfAborted();
    const page = await catalog.list(caller, { skip, take: 100 } as Parameters<typeof catalog.list>[1]);
    for (const c of page.data) {
      const { aggregate, key } = aggregateOf(c);
      if (!byAggregate.has(aggregate)) byAggregate.set(aggregate, []);
      byAggregate.get(aggregate)!.push({ id: c.id, key });
    }
    if (page.data.length < 100 || skip + 100 >= page.total) break;
  }
  return byAggregate;
}

export function createCostService(deps: CostDeps) {
  const { db, source, currency } = deps;
  const component = async (id: string) => {
    const c = await catalogLookup.findComponent(db, id);
    if (!c) throw new NotFound('Component not found');
    return c;
  };

  return {
    async available(_caller: Caller) {
      return { available: await source.healthy() };
    },

    async actual(_caller: Caller, componentId: string) {
      const c = await component(componentId);
      const { aggregate, key } = aggregateOf(c);
      const [seven, thirty] = await Promise.all([
        source.allocations('7d', aggregate),
        source.allocations('30d', aggregate),
      ]);
      return { componentId, sevenDay: pick(seven, aggregate, key), thirtyDay: pick(thirty, aggregate, key) };
    },

    async history(_caller: Caller, componentId: string) {
      await component(componentId);
      return (await repo.history(db, componentId, 30)).map((r) => ({
        ...allocationOf(r),
        currency: r.currency,
        syncedAt: r.syncedAt,
      }));
    },

    async teamSummary(caller: Caller, teamId: string) {
      const members = await deps.catalog.componentsOfTeam(caller, teamId);
      const latest = await repo.latest(
        db,
        members.map((m) => m.id),
      );
      latest.sort((a, b) => b.totalCost - a.totalCost);
      return {
        teamId,
        totalCost: round(latest.reduce((s, r) => s + r.totalCost, 0)),
        currency,
        components: latest.map((r) => ({ componentId: r.componentId, totalCost: r.totalCost, window: r.window })),
      };
    },

    async platformSummary(_caller: Caller, limit: number) {
      const top = await repo.top(db, limit);
      const budgets = new Map(
        (await catalogLookup.withAnnotation(db, BUDGET_ANNOTATION)).map((c) => [c.id, budgetOf(c.annotations)]),
      );
      return top.map((r) => ({
        componentId: r.componentId,
        totalCost: r.totalCost,
        currency: r.currency,
        syncedAt: r.syncedAt,
        budgetUsd: budgets.get(r.componentId) ?? null,
      }));
    },

    /**
     * Stores one 7-day record per component the cost source knows: one OpenCost query per distinct
     * aggregation, however many components share it. Answers the number of records stored.
     */
    async sync(caller: Caller, signal?: AbortSignal): Promise<number> {
      const byAggregate = await componentsByAggregate(deps.catalog, caller, signal);
      const syncedAt = new Date();
      const rows = [];
      for (const [aggregate, members] of byAggregate) {
        const allocs = await source.allocations(SYNC_WINDOW, aggregate, signal);
        for (const m of members) {
          const a = pick(allocs, aggregate, m.key);
          if (a) rows.push({ componentId: m.id, window: SYNC_WINDOW, ...a, currency, syncedAt });
        }
      }
      signal?.throwIfAborted();
      const stored = await repo.insertMany(db, rows);
      deps.factsChanged?.(rows.map((r) => r.componentId));
      return stored;
    },
  };
}

export type CostService = ReturnType<typeof createCostService>;
