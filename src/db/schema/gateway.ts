import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';

/** Routes read from the API gateways (Kong = alpha, Amazon API Gateway = beta). */
export const gatewayRoutes = pgTable(
  'gateway_routes',
  {
    id: id(),
    externalId: text('external_id').notNull(),
    gatewayType: text('gateway_type').notNull(),
    name: text('name').notNull(),
    paths: text('paths').array().notNull().default([]),
    methods: text('methods').array().notNull().default([]),
    tags: text('tags').array().notNull().default([]),
    // Where the health probe goes (proxy URL + first path, or the stage's invoke URL); null: not probeable.
    probeUrl: text('probe_url'),
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    stale: boolean('stale').notNull().default(false),
    staleSince: ts('stale_since'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gateway_routes_type_external_key').on(t.gatewayType, t.externalId),
    index('gateway_routes_name_idx').on(t.name, t.id),
    index('gateway_routes_component_idx').on(t.componentId),
  ],
);

export const gatewayHealthChecks = pgTable(
  'gateway_health_checks',
  {
    id: id(),
    routeId: uuid('route_id')
      .notNull()
      .references(() => gatewayRoutes.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    checkedAt: ts('checked_at').notNull().defaultNow(),
  },
  (t) => [index('gateway_health_checks_route_checked_idx').on(t.routeId, t.checkedAt)],
);
