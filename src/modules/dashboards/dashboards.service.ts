import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { dashboardsRepository as repo, type DashboardRow, type WidgetRow } from './dashboards.repository.js';
import type {
  CreateDashboardBody,
  CreateWidgetBody,
  DashboardListQuery,
  LayoutBody,
  UpdateDashboardBody,
  UpdateWidgetBody,
  WidgetParams,
  WidgetType,
} from './dashboards.schemas.js';
import { widgetConfigProblem } from './widget-config.js';
import { widgetData } from './widget-data.service.js';

// The documents type `description` as a string (they write "or null" where null is meant), so an
// absent or cleared description reads as ''.
const withWidgets = (d: DashboardRow, widgets: WidgetRow[]) => ({ ...d, description: d.description ?? '', widgets });

function checkConfig(type: WidgetType, config: Record<string, unknown>) {
  const problem = widgetConfigProblem(type, config);
  if (problem) throw new Invalid(`${problem.field} ${problem.problem}`, [problem]);
}
type Deps = { db: Database };

async function visible(db: Database, caller: Caller, id: string) {
  const row = await repo.find(db, id);
  if (!row || (row.visibility === 'private' && row.ownerId !== caller.actor.userId))
    throw new NotFound('Dashboard not found');
  return row;
}

async function existing(db: Database, id: string) {
  const row = await repo.find(db, id);
  if (!row) throw new NotFound('Dashboard not found');
  return row;
}

async function full(ex: Executor, row: DashboardRow) {
  return withWidgets(row, (await repo.widgetsOf(ex, [row.id])).get(row.id)!);
}

async function widgetOf(db: Database, { dashboardId, widgetId }: WidgetParams) {
  const widget = await repo.findWidget(db, dashboardId, widgetId);
  if (!widget) throw new NotFound('Widget not found on this dashboard');
  return widget;
}

/**
 * Visibility: a private dashboard exists only for its owner; everyone else (admins included) gets
 * 404 on reads. Admin-only writes address dashboards by id and work on any dashboard, so an admin
 * can clean up or fix a dashboard whose owner left.
 */
export function createDashboardsService(deps: Deps) {
  return { ...dashboardVerbs(deps), ...widgetVerbs(deps) };
}

function dashboardVerbs({ db }: Deps) {
  return {
    async list(caller: Caller, q: DashboardListQuery) {
      const { data, total } = await repo.list(db, caller.actor.userId, q);
      const widgets = await repo.widgetsOf(
        db,
        data.map((d) => d.id),
      );
      return pageOf(
        data.map((d) => withWidgets(d, widgets.get(d.id)!)),
        total,
        q,
      );
    },

    async create(caller: Caller, body: CreateDashboardBody) {
      const row = await repo.insert(db, {
        name: body.name,
        description: body.description ?? '',
        visibility: body.visibility ?? 'private',
        ownerId: caller.actor.userId,
      });
      return withWidgets(row, []);
    },

    async get(caller: Caller, id: string) {
      return full(db, await visible(db, caller, id));
    },

    async update(_caller: Caller, id: string, body: UpdateDashboardBody) {
      const row = await repo.update(db, id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.description !== undefined && { description: body.description ?? '' }),
        ...(body.visibility !== undefined && { visibility: body.visibility }),
      });
      if (!row) throw new NotFound('Dashboard not found');
      return full(db, row);
    },

    /** Moves many widgets at once: all of them, or (on any unknown id) none. */
    async layout(_caller: Caller, id: string, body: LayoutBody) {
      const ids = body.widgets.map((w) => w.id.toLowerCase());
      const dup = ids.find((wid, i) => ids.indexOf(wid) !== i);
      if (dup)
        throw new Invalid(`widgets: widget ${dup} is listed more than once`, [
          { field: 'widgets', problem: `widget ${dup} is listed more than once` },
        ]);
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, id);
        if (!row) throw new NotFound('Dashboard not found');
        const found = await repo.lockWidgetIds(tx, id, ids);
        const missing = ids.find((wid) => !found.has(wid));
        if (missing)
          throw new Invalid(`widgets: widget ${missing} does not belong to this dashboard`, [
            { field: 'widgets', problem: `widget ${missing} does not belong to this dashboard` },
          ]);
        for (const w of body.widgets) {
          const grid = Object.fromEntries(
            (['gridX', 'gridY', 'gridW', 'gridH'] as const).filter((k) => w[k] !== undefined).map((k) => [k, w[k]]),
          );
          await repo.updateWidget(tx, id, w.id.toLowerCase(), grid);
        }
        const updated = ids.length ? await repo.update(tx, id, {}) : row;
        return full(tx, updated!);
      });
    },

    async remove(_caller: Caller, id: string) {
      if (!(await repo.delete(db, id))) throw new NotFound('Dashboard not found');
    },
  };
}

function widgetVerbs({ db }: Deps) {
  return {
    async addWidget(_caller: Caller, dashboardId: string, body: CreateWidgetBody) {
      await existing(db, dashboardId);
      const config = body.config ?? {};
      checkConfig(body.type, config);
      return repo.insertWidget(db, {
        dashboardId,
        type: body.type,
        title: body.title,
        gridX: body.gridX ?? 0,
        gridY: body.gridY ?? 0,
        gridW: body.gridW ?? 4,
        gridH: body.gridH ?? 3,
        config,
      });
    },

    async updateWidget(_caller: Caller, params: WidgetParams, body: UpdateWidgetBody) {
      const current = await widgetOf(db, params);
      const type: WidgetType = body.type ?? current.type;
      // A type change re-checks the kept config against the new type.
      checkConfig(type, body.config ?? current.config);
      const row = await repo.updateWidget(db, params.dashboardId, params.widgetId, {
        ...(body.type !== undefined && { type: body.type }),
        ...(body.title !== undefined && { title: body.title }),
        ...(body.gridX !== undefined && { gridX: body.gridX }),
        ...(body.gridY !== undefined && { gridY: body.gridY }),
        ...(body.gridW !== undefined && { gridW: body.gridW }),
        ...(body.gridH !== undefined && { gridH: body.gridH }),
        ...(body.config !== undefined && { config: body.config }),
      });
      if (!row) throw new NotFound('Widget not found on this dashboard');
      return row;
    },

    async removeWidget(_caller: Caller, params: WidgetParams) {
      if (!(await repo.deleteWidget(db, params.dashboardId, params.widgetId)))
        throw new NotFound('Widget not found on this dashboard');
    },

    async widgetData(caller: Caller, params: WidgetParams) {
      await visible(db, caller, params.dashboardId);
      return widgetData(db, await widgetOf(db, params));
    },
  };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
