import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import { MESH_SIGNALS, useMeshSignals, type MeshSeries } from '../../api/queries/integrations';
import { Chart } from '../../components/charts/chart';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/input';
import { isNotConfiguredError, NotConfigured } from '../../components/ui/not-configured';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { MESH_RANGES, type MeshRange } from './integrations-search';
import { IntegrationShell } from './integration-shell';
import { systemConfig } from './systems';

const route = getRouteApi('/app/integrations/mesh');
const CONFIG = systemConfig('/integrations/mesh');

const FORMATS: Record<(typeof MESH_SIGNALS)[number]['id'], (v: number) => string> = {
  rps: (v) => `${v.toFixed(2)} req/s`,
  'error-rate': (v) => `${(v * 100).toFixed(2)} %`,
  latency: (v) => `${v.toFixed(0)} ms`,
};

function SignalChart({ id, label, series }: { id: (typeof MESH_SIGNALS)[number]['id']; label: string; series: MeshSeries }) {
  const points = useMemo(() => [{ name: label, points: series.timeseries.map((p) => [p.timestamp * 1000, p.value] as [number, number]) }], [series, label]);
  const last = series.timeseries.at(-1)?.value;
  return (
    <figure className="grid gap-1 rounded-lg border p-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-lg font-semibold tabular-nums">{last == null ? 'no traffic' : FORMATS[id](last)}</span>
      </figcaption>
      {series.timeseries.length > 1 ? (
        <Chart kind="time" label={`${label} of ${series.service}, ${series.timeseries.length} points`} series={points} format={FORMATS[id]} height={180} />
      ) : (
        <p className="text-[13px] text-muted-foreground">No samples in this window.</p>
      )}
    </figure>
  );
}

export function MeshPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range: MeshRange = search.range ?? '1h';
  const [service, setService] = useState(search.service ?? '');
  const [namespace, setNamespace] = useState(search.namespace ?? 'default');
  const results = useMeshSignals(search.service ?? '', search.namespace ?? '', range);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: (s) => ({ ...s, service: service.trim() || undefined, namespace: namespace.trim() || undefined }) });
  };
  const failed = results.find((r) => r.error);
  return (
    <IntegrationShell title="Mesh metrics" intro="Golden signals of one service from the service mesh's telemetry (Istio metrics in Prometheus).">
      <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto_auto]" aria-label="Service">
        <Field label="Service">{(id) => <Input id={id} value={service} onChange={(e) => setService(e.target.value)} placeholder="checkout" required />}</Field>
        <Field label="Namespace">{(id) => <Input id={id} value={namespace} onChange={(e) => setNamespace(e.target.value)} required />}</Field>
        <Field label="Window">
          {(id) => (
            <Select id={id} value={range} onChange={(e) => void navigate({ search: (s) => ({ ...s, range: e.target.value as MeshRange }) })}>
              {MESH_RANGES.map((r) => (
                <option key={r} value={r}>
                  last {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit">Show</Button>
      </form>
      {!search.service || !search.namespace ? (
        <EmptyState title="Choose a service">Name a service and its namespace to chart its requests, errors and latency.</EmptyState>
      ) : results.some((r) => r.isPending) ? (
        <Loading rows={3} label="Loading mesh metrics" />
      ) : failed ? (
        isNotConfiguredError(failed.error) ? (
          <NotConfigured {...CONFIG}>{(failed.error as Error).message}.</NotConfigured>
        ) : (
          <ErrorState error={failed.error} onRetry={() => results.forEach((r) => void r.refetch())} />
        )
      ) : (
        <div className="grid gap-3 lg:grid-cols-3">
          {MESH_SIGNALS.map((m, i) => (
            <SignalChart key={m.id} id={m.id} label={m.label} series={results[i].data as MeshSeries} />
          ))}
        </div>
      )}
    </IntegrationShell>
  );
}
