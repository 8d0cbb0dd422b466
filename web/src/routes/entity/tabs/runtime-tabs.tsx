// Runtime tabs: Kubernetes workloads, service-mesh golden signals, gateway routes (search indices: search-indices-tab.tsx).
import type { CatalogEntity } from '../queries';
import { useGatewayRoutes, useWorkloads } from '../queries';
import { MESH_SIGNALS, useMeshSignals, type MeshSeries } from '../../integrations';
import { Badge } from '../../../components/ui/badge';
import { allOf } from '../../../components/ui/query-state';
import { SIGNAL_FORMATS } from '../../integrations';
import { WORKLOAD_HEAD, WorkloadRows } from '../../integrations';
import { QueryView, SimpleTable } from './tab-states';
import { formatDateTime } from '../../../lib/format';

/** The workload name a component maps to: its orchestrator annotation, else its own name. */
export const workloadName = (e: CatalogEntity) => e.annotations['hangar.io/orchestrator-name'] || e.name;
const kubeNamespace = (e: CatalogEntity) => e.annotations['backstage.io/kubernetes-namespace'] || 'default';

export function KubernetesTab({ entity }: { entity: CatalogEntity }) {
  const name = workloadName(entity);
  const workloads = useWorkloads(name);
  return (
    <QueryView
      query={workloads}
      label="workloads"
      system="Kubernetes"
      isEmpty={(w) => w.length === 0}
      empty={{
        title: `No workload matches “${name}”`,
        body: 'Workloads match by name or by a label value. Without a cluster (CLUSTER_CONFIG_PATH), the orchestrator lists none.',
      }}
    >
      {(list) => (
        <SimpleTable label="Kubernetes workloads" head={WORKLOAD_HEAD}>
          <WorkloadRows list={list} />
        </SimpleTable>
      )}
    </QueryView>
  );
}

/** A small line of the series, for the trend; the figure's text carries the latest value. */
function Sparkline({ points }: { points: { timestamp: number; value: number }[] }) {
  if (points.length < 2) return null;
  const max = Math.max(...points.map((p) => p.value)) || 1;
  const step = 100 / (points.length - 1);
  const d = points
    .map((p, i) => `${i ? 'L' : 'M'}${(i * step).toFixed(2)},${(30 - (p.value / max) * 28).toFixed(2)}`)
    .join(' ');
  return (
    <svg viewBox="0 0 100 30" preserveAspectRatio="none" className="h-10 w-full text-primary" aria-hidden>
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

export function MeshTab({ entity }: { entity: CatalogEntity }) {
  const service = workloadName(entity);
  const namespace = kubeNamespace(entity);
  const results = useMeshSignals(service, namespace, '1h');
  return (
    <QueryView
      query={allOf(results)}
      label="mesh metrics"
      system="Service-mesh metrics"
      notConfigured="Metrics come from Prometheus (METRICS_URL) over the mesh's telemetry."
    >
      {(all) => (
        <div className="grid grid-cols-1 gap-3">
          <p className="text-[13px] text-muted-foreground">
            Service <code>{service}</code> in namespace <code>{namespace}</code>, last hour (Istio telemetry).
          </p>
          <dl className="grid gap-3 sm:grid-cols-3">
            {MESH_SIGNALS.map((m, i) => {
              const series = all[i] as MeshSeries;
              const last = series.timeseries.at(-1)?.value;
              return (
                <div key={m.id} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{m.label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">
                    {last == null ? 'no traffic' : SIGNAL_FORMATS[m.id](last)}
                  </dd>
                  <Sparkline points={series.timeseries} />
                </div>
              );
            })}
          </dl>
        </div>
      )}
    </QueryView>
  );
}

export function GatewayTab({ entity }: { entity: CatalogEntity }) {
  const routes = useGatewayRoutes(entity.id);
  return (
    <QueryView
      query={routes}
      label="gateway routes"
      isEmpty={(p) => p.total === 0}
      empty={{
        title: 'No gateway route is linked',
        body: 'Routes come from the configured API gateways: sync them and link one to this component on Integrations → Gateway.',
      }}
    >
      {(page) => (
        <SimpleTable label="Gateway routes" head={['Route', 'Gateway', 'Methods', 'Paths', 'Synced']}>
          {page.data.map((r) => (
            <tr key={r.id}>
              <td className="font-medium">
                {r.name} {r.stale && <Badge tone="warning">stale</Badge>}
              </td>
              <td>{r.gatewayType}</td>
              <td>{r.methods.join(', ') || 'any'}</td>
              <td className="max-w-80 truncate font-mono">{r.paths.join(' ')}</td>
              <td>{formatDateTime(r.syncedAt)}</td>
            </tr>
          ))}
        </SimpleTable>
      )}
    </QueryView>
  );
}
