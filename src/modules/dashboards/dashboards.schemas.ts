import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { JsonObject, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

/** A response timestamp: services hand over Date objects, the serialiser writes ISO 8601. */

export const WIDGET_TYPES = [
  'metric_graph',
  'component_health',
  'deployment_feed',
  'queue_status',
  'slo_gauge',
  'alert_summary',
  'team_activity',
  'uptime_chart',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

// Enums (not unions of literals) so a 400 says "must be one of: …" with the allowed values.
export const WidgetTypeSchema = Type.Enum([...WIDGET_TYPES]);
export const Visibility = Type.Enum(['private', 'workspace'], {
  description: 'private: only the owner sees it; workspace: everyone',
});

// Grid cells: a 12-column-style layout needs far less, but dashboards may be wide or long.
const GridX = Type.Integer({ minimum: 0, maximum: 1_000 });
const GridY = Type.Integer({ minimum: 0, maximum: 10_000 });
const GridSize = Type.Integer({ minimum: 1, maximum: 100 });

export const WidgetSchema = Type.Object({
  id: Uuid,
  dashboardId: Uuid,
  type: WidgetTypeSchema,
  title: Type.String(),
  gridX: Type.Integer(),
  gridY: Type.Integer(),
  gridW: Type.Integer(),
  gridH: Type.Integer(),
  config: JsonObject,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const DashboardSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.String(),
    visibility: Visibility,
    ownerId: Uuid,
    widgets: Type.Array(WidgetSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A dashboard with its widgets' },
);

export const DashboardPage = Page(DashboardSchema);

export const DashboardListQuery = Type.Object({
  ...PageQuery.properties,
  ownerId: Type.Optional(Uuid),
  visibility: Type.Optional(Visibility),
});
export type DashboardListQuery = Static<typeof DashboardListQuery>;

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Nullable(Type.String({ maxLength: 5_000 }));

export const CreateDashboardBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  visibility: Type.Optional(Visibility),
});
export type CreateDashboardBody = Static<typeof CreateDashboardBody>;

export const UpdateDashboardBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Description),
  visibility: Type.Optional(Visibility),
});
export type UpdateDashboardBody = Static<typeof UpdateDashboardBody>;

export const LayoutBody = Type.Object({
  // Grid fields left out keep their current value (a client may only move, or only resize).
  widgets: Type.Array(
    Type.Object({
      id: Uuid,
      gridX: Type.Optional(GridX),
      gridY: Type.Optional(GridY),
      gridW: Type.Optional(GridSize),
      gridH: Type.Optional(GridSize),
    }),
    { maxItems: 500 },
  ),
});
export type LayoutBody = Static<typeof LayoutBody>;

const widgetFields = {
  type: WidgetTypeSchema,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  gridX: GridX,
  gridY: GridY,
  gridW: GridSize,
  gridH: GridSize,
  config: Type.Record(Type.String(), Type.Unknown(), {
    description: 'type-specific settings (see docs/modules/dashboards.md)',
  }),
};

export const CreateWidgetBody = Type.Object({
  type: widgetFields.type,
  title: widgetFields.title,
  gridX: Type.Optional(GridX),
  gridY: Type.Optional(GridY),
  gridW: Type.Optional(GridSize),
  gridH: Type.Optional(GridSize),
  config: Type.Optional(widgetFields.config),
});
export type CreateWidgetBody = Static<typeof CreateWidgetBody>;

/** A widget update takes any subset of the create fields (decision 619). */
export const UpdateWidgetBody = Type.Partial(Type.Object(widgetFields));
export type UpdateWidgetBody = Static<typeof UpdateWidgetBody>;

export const WidgetParams = Type.Object({ dashboardId: Uuid, widgetId: Uuid });
export type WidgetParams = Static<typeof WidgetParams>;

export const WidgetDataSchema = Type.Object(
  {
    type: WidgetTypeSchema,
    sample: Type.Boolean({
      description: 'true when the platform has no source for this type and the data is generated',
    }),
    generatedAt: Timestamp,
    data: JsonObject,
  },
  { description: 'Data of one widget; the shape of `data` depends on the type' },
);
