import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  useMeshTwoAuthorizationPolicies,
  useMeshTwoAvailability,
  useMeshTwoServerAuthorizations,
  useMeshTwoServiceProfiles,
  useMeshTwoSignals,
  useMeshTwoStatus,
  useMeshTwoTopology,
  type MeshTwoRange,
} from './mesh-queries';
import { allOf, QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { type MeshRange } from './integrations-search';
import { IntegrationShell, Section } from './integration-shell';
import { MeshPicker } from './mesh-picker';
import { AvailabilityGate } from './availability-gate';
import { ControlPlaneTable, ResourceSection } from './resource-table';
import { SIGNAL_FORMATS, SignalChart, type SignalSeries } from './signal-chart';
import { systemConfig } from './systems';

const route = getRouteApi('/app/integrations/meshtwo');
const CONFIG = systemConfig('/integrations/meshtwo');

/** A Prometheus range result as chart series, one per labelled series. */
const toSeries = (
  r: { timeseries: { metric: MeshTwoRange['timeseries'][number]['metric']; values: readonly (number | string)[][] }[] },
  name: string,
): SignalSeries =>
  r.timeseries.map((t, i) => ({
    name: r.timeseries.length > 1 ? `${name} ${Object.values(t.metric).join(' ') || i + 1}` : name,
    points: t.values.map(([ts, v]) => [Number(ts) * 1000, Number(v)] as [number, number]),
  }));

function Signals({ deployment, namespace, range }: { deployment: string; namespace: string; range: string }) {
  const [rps, errors, latency] = useMeshTwoSignals(deployment, namespace, range);
  const charts = useMemo(
    () =>
      rps.data && errors.data && latency.data
        ? {
            rps: toSeries(rps.data, 'rps'),
            errors: toSeries(errors.data, 'failure rate'),
            latency: [
              ...toSeries(latency.data.p50, 'p50'),
              ...toSeries(latency.data.p95, 'p95'),
              ...toSeries(latency.data.p99, 'p99'),
            ],
          }
        : undefined,
    [rps.data, errors.data, latency.data],
  );
  return (
    <QueryState query={allOf([rps, errors, latency])} label="mesh two metrics" system={CONFIG}>
      {() =>
        charts && (
          <div className="grid gap-3 lg:grid-cols-3">
            <SignalChart
              label={`Inbound requests per second of ${deployment}`}
              series={charts.rps}
              format={SIGNAL_FORMATS.rps}
            />
            <SignalChart
              label={`Failure rate of ${deployment}`}
              series={charts.errors}
              format={SIGNAL_FORMATS['error-rate']}
            />
            <SignalChart label={`Latency of ${deployment}`} series={charts.latency} format={SIGNAL_FORMATS.latency} />
          </div>
        )
      }
    </QueryState>
  );
}

function NamespaceResources({ namespace }: { namespace: string }) {
  const servers = useMeshTwoServerAuthorizations(namespace);
  const policies = useMeshTwoAuthorizationPolicies(namespace);
  const profiles = useMeshTwoServiceProfiles(namespace);
  return (
    <>
      <ResourceSection
        title="Server authorizations"
        query={servers}
        system={CONFIG}
        empty={{ body: `No Linkerd server authorization in the namespace ${namespace}.` }}
        table="Server authorizations"
        head={['Name', 'Server', 'Clients']}
      >
        {(list) =>
          list.map((s) => (
            <tr key={s.name}>
              <td className="font-medium">{s.name}</td>
              <td>{s.server}</td>
              <td>{s.clients.join(', ') || '—'}</td>
            </tr>
          ))
        }
      </ResourceSection>
      <ResourceSection
        title="Authorization policies"
        query={policies}
        system={CONFIG}
        empty={{ body: `No Linkerd authorization policy in the namespace ${namespace}.` }}
        table="Mesh two authorization policies"
        head={['Policy', 'Target', 'Required authentications']}
      >
        {(list) =>
          list.map((p) => (
            <tr key={p.name}>
              <td className="font-medium">{p.name}</td>
              <td>
                {p.targetRef.kind}/{p.targetRef.name}
              </td>
              <td>{p.requiredAuthenticationRefs.map((r) => `${r.kind}/${r.name}`).join(', ') || '—'}</td>
            </tr>
          ))
        }
      </ResourceSection>
      <ResourceSection
        title="Service profiles"
        query={profiles}
        system={CONFIG}
        empty={{ body: `No Linkerd service profile in the namespace ${namespace}.` }}
        table="Service profiles"
        head={['Profile', 'Route', 'Condition', 'Retryable', 'Timeout']}
      >
        {(list) =>
          list.flatMap((p) =>
            (p.routes.length ? p.routes : [undefined]).map((r, i) => (
              <tr key={`${p.name}-${i}`}>
                <td className="font-medium">{i === 0 ? p.name : ''}</td>
                <td>{r?.name ?? '—'}</td>
                <td className="font-mono text-xs">
                  {r ? [r.condition.method, r.condition.pathRegex].filter(Boolean).join(' ') : '—'}
                </td>
                <td>{r ? (r.isRetryable ? 'yes' : 'no') : '—'}</td>
                <td>{r?.timeout || '—'}</td>
              </tr>
            )),
          )
        }
      </ResourceSection>
    </>
  );
}

type Topology = ReturnType<typeof useMeshTwoTopology>;

/** Traffic between meshed deployments over the chosen range, in every namespace. */
function TopologySection({ topology, range }: { topology: Topology; range: MeshRange }) {
  return (
    <ResourceSection
      title="Topology"
      query={topology}
      system={CONFIG}
      empty={{ title: 'No traffic', body: `No meshed deployment sent requests in the last ${range}.` }}
      table="Mesh two topology"
      head={['Namespace', 'From', 'To', 'Requests per second']}
    >
      {(edges) =>
        edges.map((e) => (
          <tr key={`${e.namespace}/${e.source}->${e.destination}`}>
            <td>{e.namespace}</td>
            <td>{e.source}</td>
            <td>{e.destination}</td>
            <td className="tabular-nums">{e.rps == null ? '—' : e.rps.toFixed(2)}</td>
          </tr>
        ))
      }
    </ResourceSection>
  );
}

export function MeshTwoPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const range: MeshRange = search.range ?? '15m';
  const namespace = search.namespace ?? '';
  const deploymentName = search.service ?? '';
  const available = useMeshTwoAvailability();
  const up = available.data?.available === true;
  const status = useMeshTwoStatus(up);
  const topology = useMeshTwoTopology(up, range);
  return (
    <IntegrationShell
      title="Linkerd"
      intro="Mesh two's control plane, its traffic between deployments, a deployment's signals, and per namespace its policies and service profiles."
    >
      <AvailabilityGate
        query={available}
        label="mesh two availability"
        system={CONFIG}
        notice={(reason) => `${reason ?? 'The Linkerd control plane cannot be reached'}.`}
      >
        <Section title="Installation">
          <QueryState query={status} label="mesh two status" system={CONFIG}>
            {(s) => <ControlPlaneTable label="Mesh two components" components={s.components} />}
          </QueryState>
        </Section>
        <MeshPicker
          label="Namespace and deployment"
          fields={[
            { param: 'namespace', label: 'Namespace', value: namespace, placeholder: 'default', required: true },
            { param: 'service', label: 'Deployment (for its signals)', value: deploymentName },
          ]}
          range={range}
          onRange={(r) => void navigate({ search: (s) => ({ ...s, range: r }) })}
          onShow={(values) => void navigate({ search: (s) => ({ ...s, ...values }) })}
        />
        {namespace && deploymentName && <Signals deployment={deploymentName} namespace={namespace} range={range} />}
        <TopologySection topology={topology} range={range} />
        {namespace ? (
          <NamespaceResources key={namespace} namespace={namespace} />
        ) : (
          <EmptyState title="Choose a namespace">
            Name a namespace to list its authorizations and service profiles.
          </EmptyState>
        )}
      </AvailabilityGate>
    </IntegrationShell>
  );
}
