// Each widget type rendered as what its data calls for (decision 746): series as charts (uPlot, a
// lazy chunk), the SLO as a gauge, counts as figures, feeds and lists as tables. Charts carry a text
// summary for screen readers.
import { lazy, Suspense, type ReactNode } from 'react';
import { useWidgetData, type Widget, type WidgetType } from './queries';
import { Badge } from '../../components/ui/badge';
import { Loading } from '../../components/ui/states';
import type { Series } from './chart';
import { Gauge } from './gauge';
import { formatShortDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const Chart = lazy(() => import('./chart').then((m) => ({ default: m.Chart })));

export const WIDGET_TYPES: { type: WidgetType; label: string }[] = [
  { type: 'metric_graph', label: 'Metric graph (line chart)' },
  { type: 'uptime_chart', label: 'Uptime (bar chart)' },
  { type: 'slo_gauge', label: 'SLO gauge' },
  { type: 'alert_summary', label: 'Open incidents by severity' },
  { type: 'component_health', label: 'Component health' },
  { type: 'deployment_feed', label: 'Deployment feed' },
  { type: 'team_activity', label: 'Team activity' },
  { type: 'queue_status', label: 'Queue status' },
];

type Data = Record<string, any>;

function LazyChart(props: { series: Series; label: string; summary: string }) {
  return (
    <Suspense fallback={<Loading rows={3} label="Loading the chart" />}>
      <Chart {...props} />
    </Suspense>
  );
}

function Table({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  if (rows.length === 0) return <p className="text-[13px] text-muted-foreground">Nothing yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-[13px]">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            {head.map((h) => (
              <th key={h} scope="col" className="px-1.5 py-1 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-b last:border-0">
              {r.map((c, j) => (
                <td key={j} className="px-1.5 py-1 align-top">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-md border p-2">
          <dt className="text-xs text-muted-foreground">{k}</dt>
          <dd className="text-lg font-semibold tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

type BodyProps = { label: string; data: Data };

function MetricGraph({ label, data }: BodyProps) {
  const points: { timestamp: string; value: number }[] = data.points ?? [];
  const values = points.map((p) => p.value);
  const summary = points.length
    ? `${data.metric} (${data.unit}), ${points.length} points from ${formatShortDateTime(points[0]!.timestamp)}: min ${Math.min(...values)}, max ${Math.max(...values)}, last ${values.at(-1)}.`
    : 'No points.';
  return (
    <LazyChart
      label={label}
      summary={summary}
      series={{
        kind: 'line',
        unit: data.unit === '%' ? '%' : '',
        x: points.map((p) => Date.parse(p.timestamp) / 1000),
        y: values,
      }}
    />
  );
}

function UptimeChart({ label, data }: BodyProps) {
  const days: { date: string; uptimePercent: number }[] = data.days ?? [];
  const low = days.reduce((m, d) => Math.min(m, d.uptimePercent), 100);
  return (
    <LazyChart
      label={label}
      summary={`Uptime over ${days.length} days; lowest ${low}%.`}
      series={{
        kind: 'bars',
        unit: '%',
        yRange: [Math.floor(Math.min(low, 99)), 100],
        x: days.map((d) => Date.parse(d.date) / 1000),
        y: days.map((d) => d.uptimePercent),
      }}
    />
  );
}

function SloGauge({ label, data }: BodyProps) {
  return (
    <Gauge
      label={label}
      value={Number(data.current)}
      objective={Number(data.objective)}
      summary={`Current ${data.current}% against an objective of ${data.objective}% (${data.window}); ${data.errorBudgetRemaining}% of the error budget left.`}
    />
  );
}

function AlertSummary({ data }: BodyProps) {
  const o = data.openIncidents ?? {};
  return (
    <Figures
      items={[
        ['P1 critical', o.P1 ?? 0],
        ['P2 high', o.P2 ?? 0],
        ['P3 medium', o.P3 ?? 0],
        ['P4 low', o.P4 ?? 0],
      ]}
    />
  );
}

function ComponentHealth({ label, data }: BodyProps) {
  const s = data.summary ?? {};
  return (
    <div className="grid gap-2">
      <Figures
        items={[
          ['Healthy', s.healthy ?? 0],
          ['Degraded', s.degraded ?? 0],
          ['Deploying', s.deploying ?? 0],
          ['Incident', s.incident ?? 0],
        ]}
      />
      <Table
        label={`${label}: components`}
        head={['Component', 'Health', 'Latest version']}
        rows={(data.components ?? []).map((c: Data) => [
          c.name,
          <Badge tone={c.health === 'healthy' ? 'success' : c.health === 'unknown' ? 'neutral' : 'danger'}>
            {c.health}
          </Badge>,
          c.latestDeployment?.version ?? '—',
        ])}
      />
    </div>
  );
}

function DeploymentFeed({ label, data }: BodyProps) {
  return (
    <Table
      label={label}
      head={['Component', 'Environment', 'Version', 'Status', 'When']}
      rows={(data.deployments ?? []).map((d: Data) => [
        d.componentName,
        d.environmentName,
        d.version,
        d.status,
        formatShortDateTime(d.createdAt),
      ])}
    />
  );
}

function TeamActivity({ label, data }: BodyProps) {
  return (
    <Table
      label={label}
      head={['Incident', 'What', 'Who', 'When']}
      rows={(data.items ?? []).map((i: Data) => [
        i.incidentTitle,
        i.message,
        i.authorUsername ?? '—',
        formatShortDateTime(i.createdAt),
      ])}
    />
  );
}

function QueueStatus({ label, data }: BodyProps) {
  return (
    <Table
      label={label}
      head={['Queue', 'Waiting', 'Active', 'Completed', 'Failed']}
      rows={(data.queues ?? []).map((q: Data) => [q.name, q.waiting, q.active, q.completed, q.failed])}
    />
  );
}

/** Each type's view; a type the server knows and this list not yet falls back to a note (decision 1190). */
const BODIES: Partial<Record<WidgetType, (props: BodyProps) => ReactNode>> = {
  metric_graph: MetricGraph,
  uptime_chart: UptimeChart,
  slo_gauge: SloGauge,
  alert_summary: AlertSummary,
  component_health: ComponentHealth,
  deployment_feed: DeploymentFeed,
  team_activity: TeamActivity,
  queue_status: QueueStatus,
};

/** The body of one widget for its data. */
function WidgetBody({ widget, data }: { widget: Widget; data: Data }) {
  const Body = BODIES[widget.type];
  if (!Body) return <p className="text-[13px] text-muted-foreground">This widget type has no view yet.</p>;
  return <Body label={widget.title} data={data} />;
}

/** Loads and renders one widget's data, saying when it is sample data. */
export function WidgetContent({ dashboardId, widget }: { dashboardId: string; widget: Widget }) {
  const data = useWidgetData(dashboardId, widget.id);
  return (
    <QueryState query={data} label={widget.title} rows={3}>
      {(loaded) => {
        return (
          <div className="grid gap-1">
            {loaded.sample && (
              <p className="text-xs text-muted-foreground">
                Sample data: Hangar has no source for this widget type yet.
              </p>
            )}
            <WidgetBody widget={widget} data={loaded.data} />
          </div>
        );
      }}
    </QueryState>
  );
}
