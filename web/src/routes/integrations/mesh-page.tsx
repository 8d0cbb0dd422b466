import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { MESH_SIGNALS, useMeshSignals, type MeshSeries } from './mesh-queries';
import { allOf, QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { type MeshRange } from './integrations-search';
import { IntegrationShell } from './integration-shell';
import { MeshPicker } from './mesh-picker';
import { SIGNAL_FORMATS, SignalChart } from './signal-chart';
import { systemConfig } from './systems';

const route = getRouteApi('/app/integrations/mesh');
const CONFIG = systemConfig('/integrations/mesh');

function Signal({ id, label, series }: { id: (typeof MESH_SIGNALS)[number]['id']; label: string; series: MeshSeries }) {
  const points = useMemo(
    () => [{ name: label, points: series.timeseries.map((p) => [p.timestamp * 1000, p.value] as [number, number]) }],
    [series, label],
  );
  const last = series.timeseries.at(-1)?.value;
  return (
    <SignalChart
      label={label}
      chartLabel={`${label} of ${series.service}`}
      summary={last == null ? 'no traffic' : SIGNAL_FORMATS[id](last)}
      series={points}
      format={SIGNAL_FORMATS[id]}
    />
  );
}

export function MeshPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range: MeshRange = search.range ?? '1h';
  const results = useMeshSignals(search.service ?? '', search.namespace ?? '', range);
  return (
    <IntegrationShell
      title="Mesh metrics"
      intro="Golden signals of one service from the service mesh's telemetry (Istio metrics in Prometheus)."
    >
      <MeshPicker
        label="Service"
        fields={[
          { param: 'service', label: 'Service', value: search.service ?? '', placeholder: 'checkout', required: true },
          { param: 'namespace', label: 'Namespace', value: search.namespace ?? 'default', required: true },
        ]}
        range={range}
        onRange={(r) => void navigate({ search: (s) => ({ ...s, range: r }) })}
        onShow={(values) => void navigate({ search: (s) => ({ ...s, ...values }) })}
      />
      {!search.service || !search.namespace ? (
        <EmptyState title="Choose a service">
          Name a service and its namespace to chart its requests, errors and latency.
        </EmptyState>
      ) : (
        <QueryState query={allOf(results)} label="mesh metrics" system={CONFIG}>
          {(series) => (
            <div className="grid gap-3 lg:grid-cols-3">
              {MESH_SIGNALS.map((m, i) => (
                <Signal key={m.id} id={m.id} label={m.label} series={series[i] as MeshSeries} />
              ))}
            </div>
          )}
        </QueryState>
      )}
    </IntegrationShell>
  );
}
