import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState, type FormEvent } from 'react';
import {
  useMeshTwoAuthorizationPolicies,
  useMeshTwoAvailability,
  useMeshTwoServerAuthorizations,
  useMeshTwoServiceProfiles,
  useMeshTwoSignals,
  useMeshTwoStatus,
  useMeshTwoTopology,
  type MeshTwoRange,
} from '../../api/queries/integrations';
import { Chart } from '../../components/charts/chart';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/input';
import { isNotConfiguredError, NotConfigured } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { MESH_RANGES, type MeshRange } from './integrations-search';
import { IntegrationShell, Section } from './integration-shell';
import { systemConfig } from './systems';

const route = getRouteApi('/app/integrations/meshtwo');
const CONFIG = systemConfig('/integrations/meshtwo');

type Series = { name: string; points: [number, number][] }[];
/** A Prometheus range result as chart series, one per labelled series. */
const toSeries = (
  r: { timeseries: { metric: MeshTwoRange['timeseries'][number]['metric']; values: readonly (number | string)[][] }[] },
  name: string,
): Series =>
  r.timeseries.map((t, i) => ({
    name: r.timeseries.length > 1 ? `${name} ${Object.values(t.metric).join(' ') || i + 1}` : name,
    points: t.values.map(([ts, v]) => [Number(ts) * 1000, Number(v)] as [number, number]),
  }));

function SignalChart({ label, series, format }: { label: string; series: Series; format: (v: number) => string }) {
  const count = series.reduce((n, s) => n + s.points.length, 0);
  return (
    <figure className="grid gap-1 rounded-lg border p-3">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      {count > 1 ? (
        <Chart kind="time" label={`${label}, ${count} points`} series={series} format={format} height={180} />
      ) : (
        <p className="text-[13px] text-muted-foreground">No samples in this window.</p>
      )}
    </figure>
  );
}

function Signals({ deployment, namespace, range }: { deployment: string; namespace: string; range: string }) {
  const [rps, errors, latency] = useMeshTwoSignals(deployment, namespace, range);
  const charts = useMemo(
    () =>
      rps.data && errors.data && latency.data
        ? {
            rps: toSeries(rps.data, 'rps'),
            errors: toSeries(errors.data, 'failure rate'),
            latency: [...toSeries(latency.data.p50, 'p50'), ...toSeries(latency.data.p95, 'p95'), ...toSeries(latency.data.p99, 'p99')],
          }
        : undefined,
    [rps.data, errors.data, latency.data],
  );
  const failed = [rps, errors, latency].find((r) => r.error);
  if (failed)
    return isNotConfiguredError(failed.error) ? (
      <NotConfigured {...CONFIG}>{(failed.error as Error).message}.</NotConfigured>
    ) : (
      <ErrorState error={failed.error} onRetry={() => [rps, errors, latency].forEach((r) => void r.refetch())} />
    );
  if (!charts) return <Loading rows={3} label="Loading mesh two metrics" />;
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <SignalChart label={`Inbound requests per second of ${deployment}`} series={charts.rps} format={(v) => `${v.toFixed(2)} req/s`} />
      <SignalChart label={`Failure rate of ${deployment}`} series={charts.errors} format={(v) => `${(v * 100).toFixed(2)} %`} />
      <SignalChart label={`Latency of ${deployment}`} series={charts.latency} format={(v) => `${v.toFixed(0)} ms`} />
    </div>
  );
}

function NamespaceResources({ namespace }: { namespace: string }) {
  const servers = useMeshTwoServerAuthorizations(namespace);
  const policies = useMeshTwoAuthorizationPolicies(namespace);
  const profiles = useMeshTwoServiceProfiles(namespace);
  return (
    <>
      <Section title="Server authorizations">
        <QueryState
          query={servers}
          label="server authorizations"
          system={CONFIG}
          isEmpty={(l) => l.length === 0}
          empty={{ title: 'No server authorizations', body: `No Linkerd server authorization in the namespace ${namespace}.` }}
        >
          {(list) => (
            <SimpleTable label="Server authorizations" head={['Name', 'Server', 'Clients']}>
              {list.map((s) => (
                <tr key={s.name}>
                  <td className="font-medium">{s.name}</td>
                  <td>{s.server}</td>
                  <td>{s.clients.join(', ') || '—'}</td>
                </tr>
              ))}
            </SimpleTable>
          )}
        </QueryState>
      </Section>
      <Section title="Authorization policies">
        <QueryState
          query={policies}
          label="authorization policies"
          system={CONFIG}
          isEmpty={(l) => l.length === 0}
          empty={{ title: 'No authorization policies', body: `No Linkerd authorization policy in the namespace ${namespace}.` }}
        >
          {(list) => (
            <SimpleTable label="Mesh two authorization policies" head={['Policy', 'Target', 'Required authentications']}>
              {list.map((p) => (
                <tr key={p.name}>
                  <td className="font-medium">{p.name}</td>
                  <td>
                    {p.targetRef.kind}/{p.targetRef.name}
                  </td>
                  <td>{p.requiredAuthenticationRefs.map((r) => `${r.kind}/${r.name}`).join(', ') || '—'}</td>
                </tr>
              ))}
            </SimpleTable>
          )}
        </QueryState>
      </Section>
      <Section title="Service profiles">
        <QueryState
          query={profiles}
          label="service profiles"
          system={CONFIG}
          isEmpty={(l) => l.length === 0}
          empty={{ title: 'No service profiles', body: `No Linkerd service profile in the namespace ${namespace}.` }}
        >
          {(list) => (
            <SimpleTable label="Service profiles" head={['Profile', 'Route', 'Condition', 'Retryable', 'Timeout']}>
              {list.flatMap((p) =>
                (p.routes.length ? p.routes : [undefined]).map((r, i) => (
                  <tr key={`${p.name}-${i}`}>
                    <td className="font-medium">{i === 0 ? p.name : ''}</td>
                    <td>{r?.name ?? '—'}</td>
                    <td className="font-mono text-xs">{r ? [r.condition.method, r.condition.pathRegex].filter(Boolean).join(' ') : '—'}</td>
                    <td>{r ? (r.isRetryable ? 'yes' : 'no') : '—'}</td>
                    <td>{r?.timeout || '—'}</td>
                  </tr>
                )),
              )}
            </SimpleTable>
          )}
        </QueryState>
      </Section>
    </>
  );
}

export function MeshTwoPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range: MeshRange = search.range ?? '15m';
  const namespace = search.namespace ?? '';
  const deploymentName = search.service ?? '';
  const [ns, setNs] = useState(namespace);
  const [deployment, setDeployment] = useState(deploymentName);
  const available = useMeshTwoAvailability();
  const up = available.data?.available === true;
  const status = useMeshTwoStatus(up);
  const topology = useMeshTwoTopology(up, range);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: (s) => ({ ...s, namespace: ns.trim() || undefined, service: deployment.trim() || undefined }) });
  };
  return (
    <IntegrationShell
      title="Linkerd"
      intro="Mesh two's control plane, its traffic between deployments, a deployment's signals, and per namespace its policies and service profiles."
    >
      <QueryState query={available} label="mesh two availability" system={CONFIG}>
        {(a) =>
          !a.available ? (
            <NotConfigured {...CONFIG}>{a.reason ?? 'The Linkerd control plane cannot be reached'}.</NotConfigured>
          ) : (
            <>
              <Section title="Installation">
                <QueryState query={status} label="mesh two status" system={CONFIG}>
                  {(s) => (
                    <SimpleTable label="Mesh two components" head={['Component', 'Ready', 'Version']}>
                      {s.components.map((c) => (
                        <tr key={c.name}>
                          <td className="font-medium">{c.name}</td>
                          <td>
                            <Badge tone={c.ready ? 'success' : 'warning'}>{c.ready ? 'ready' : 'not ready'}</Badge>
                          </td>
                          <td>{c.version ?? '—'}</td>
                        </tr>
                      ))}
                    </SimpleTable>
                  )}
                </QueryState>
              </Section>
              <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto_auto]" aria-label="Namespace and deployment">
                <Field label="Namespace">{(id) => <Input id={id} value={ns} onChange={(e) => setNs(e.target.value)} placeholder="default" required />}</Field>
                <Field label="Deployment (for its signals)">
                  {(id) => <Input id={id} value={deployment} onChange={(e) => setDeployment(e.target.value)} />}
                </Field>
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
              {namespace && deploymentName && <Signals deployment={deploymentName} namespace={namespace} range={range} />}
              <Section title="Topology">
                <QueryState
                  query={topology}
                  label="topology"
                  system={CONFIG}
                  isEmpty={(l) => l.length === 0}
                  empty={{ title: 'No traffic', body: `No meshed deployment sent requests in the last ${range}.` }}
                >
                  {(edges) => (
                    <SimpleTable label="Mesh two topology" head={['Namespace', 'From', 'To', 'Requests per second']}>
                      {edges.map((e) => (
                        <tr key={`${e.namespace}/${e.source}->${e.destination}`}>
                          <td>{e.namespace}</td>
                          <td>{e.source}</td>
                          <td>{e.destination}</td>
                          <td className="tabular-nums">{e.rps == null ? '—' : e.rps.toFixed(2)}</td>
                        </tr>
                      ))}
                    </SimpleTable>
                  )}
                </QueryState>
              </Section>
              {namespace ? (
                <NamespaceResources key={namespace} namespace={namespace} />
              ) : (
                <EmptyState title="Choose a namespace">Name a namespace to list its authorizations and service profiles.</EmptyState>
              )}
            </>
          )
        }
      </QueryState>
    </IntegrationShell>
  );
}
