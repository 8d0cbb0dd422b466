import { doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { id, ts } from './columns.js';

/** One synced OpenCost allocation of a component (the 7-day window of one sync run). */
export const costRecords = pgTable(
  'cost_records',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    window: text('window').notNull(),
    cpuCost: doublePrecision('cpu_cost').notNull(),
    memoryCost: doublePrecision('memory_cost').notNull(),
    pvCost: doublePrecision('pv_cost').notNull(),
    networkCost: doublePrecision('network_cost').notNull(),
    totalCost: doublePrecision('total_cost').notNull(),
    currency: text('currency').notNull(),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [
    index('cost_records_component_synced_idx').on(t.componentId, t.syncedAt),
    index('cost_records_synced_idx').on(t.syncedAt),
  ],
);
