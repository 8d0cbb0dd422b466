import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dashboards, dashboardWidgets } from '../../db/schema/index.js';
import type { DashboardListQuery } from './dashboards.schemas.js';

export type DashboardRow = typeof dashboards.$inferSelect;
export type WidgetRow = typeof dashboardWidgets.$inferSelect;

export const dashboardsRepository = {
  /** Dashboards `viewerId` may see (workspace ones and its own), newest first. */
  async list(db: Executor, viewerId: string, q: DashboardListQuery) {
    const filters: (SQL | undefined)[] = [or(eq(dashboards.visibility, 'workspace'), eq(dashboards.ownerId, viewerId))];
    if (q.ownerId) filters.push(eq(dashboards.ownerId, q.ownerId));
    if (q.visibility) filters.push(eq(dashboards.visibility, q.visibility));
    const where = and(...filters);
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(dashboards)
        .where(where)
        .orderBy(desc(dashboards.createdAt), desc(dashboards.id))
        .offset(q.skip)
        .limit(q.take),
      db.select({ n: count() }).from(dashboards).where(where),
    ]);
    return { data, total: total!.n };
  },

  async find(db: Executor, id: string): Promise<DashboardRow | undefined> {
    const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id)).limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof dashboards.$inferInsert): Promise<DashboardRow> {
    const [row] = await db.insert(dashboards).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof dashboards.$inferInsert>,
  ): Promise<DashboardRow | undefined> {
    const [row] = await db
      .update(dashboards)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(dashboards.id, id))
      .returning();
    return row;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(dashboards).where(eq(dashboards.id, id)).returning({ id: dashboards.id });
    return rows.length > 0;
  },

  /** The widgets of many dashboards in one query (lists never run one query per dashboard). */
  async widgetsOf(db: Executor, dashboardIds: string[]): Promise<Map<string, WidgetRow[]>> {
    const out = new Map<string, WidgetRow[]>(dashboardIds.map((id) => [id, []]));
    if (dashboardIds.length === 0) return out;
    const rows = await db
      .select()
      .from(dashboardWidgets)
      .where(inArray(dashboardWidgets.dashboardId, dashboardIds))
      .orderBy(asc(dashboardWidgets.createdAt), asc(dashboardWidgets.id));
    for (const w of rows) out.get(w.dashboardId)!.push(w);
    return out;
  },

  async findWidget(db: Executor, dashboardId: string, widgetId: string): Promise<WidgetRow | undefined> {
    const [row] = await db
      .select()
      .from(dashboardWidgets)
      .where(and(eq(dashboardWidgets.id, widgetId), eq(dashboardWidgets.dashboardId, dashboardId)))
      .limit(1);
    return row;
  },

  async insertWidget(db: Executor, values: typeof dashboardWidgets.$inferInsert): Promise<WidgetRow> {
    const [row] = await db.insert(dashboardWidgets).values(values).returning();
    return row!;
  },

  async updateWidget(
    db: Executor,
    dashboardId: string,
    widgetId: string,
    values: Partial<typeof dashboardWidgets.$inferInsert>,
  ): Promise<WidgetRow | undefined> {
    const [row] = await db
      .update(dashboardWidgets)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(dashboardWidgets.id, widgetId), eq(dashboardWidgets.dashboardId, dashboardId)))
      .returning();
    return row;
  },

  async deleteWidget(db: Executor, dashboardId: string, widgetId: string): Promise<boolean> {
    const rows = await db
      .delete(dashboardWidgets)
      .where(and(eq(dashboardWidgets.id, widgetId), eq(dashboardWidgets.dashboardId, dashboardId)))
      .returning({ id: dashboardWidgets.id });
    return rows.length > 0;
  },

  /** Which of `ids` are widgets of the dashboard; locks them for the layout transaction. */
  async lockWidgetIds(db: Executor, dashboardId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: dashboardWidgets.id })
      .from(dashboardWidgets)
      .where(and(eq(dashboardWidgets.dashboardId, dashboardId), inArray(dashboardWidgets.id, ids)))
      .for('update');
    return new Set(rows.map((r) => r.id));
  },
};
