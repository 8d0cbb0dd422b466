import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import {
  useMeshOneAuthorizationPolicies,
  useMeshOnePeerAuthentications,
  useMeshOneStatus,
  useMeshOneTopology,
  useMeshOneVirtualService,
  useMeshOneVirtualServices,
  useSetMeshOneWeights,
  type MeshOneVirtualService,
} from './mesh-queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { IntegrationShell, Section, toneOf } from './integration-shell';
import { MeshPicker } from './mesh-picker';
import { ControlPlaneTable, ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/integrations/meshone');
const CONFIG = systemConfig('/integrations/meshone');

/** A destination of the first HTTP route as the weights patch names it: its subset, else its host (decision 766). */
const destinationKey = (d: { host: string; subset?: string }) => d.subset ?? d.host;

function WeightsForm({ namespace, name, onDone }: { namespace: string; name: string; onDone: () => void }) {
  const vs = useMeshOneVirtualService(namespace, name);
  return (
    <QueryState query={vs} label={`virtual service ${name}`} system={CONFIG}>
      {(resource) => <WeightsEditor namespace={namespace} resource={resource} onDone={onDone} />}
    </QueryState>
  );
}

function WeightsEditor({
  namespace,
  resource,
  onDone,
}: {
  namespace: string;
  resource: MeshOneVirtualService;
  onDone: () => void;
}) {
  const routes = resource.http[0]?.route ?? [];
  const [weights, setWeights] = useState(() => routes.map((r) => String(r.weight)));
  const save = useSetMeshOneWeights(namespace);
  const errorId = `weights-error-${resource.name}`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        name: resource.name,
        weights: routes.map((r, i) => ({ destination: destinationKey(r.destination), weight: Number(weights[i]) })),
      },
      { onSuccess: onDone },
    );
  };
  if (routes.length === 0)
    return (
      <EmptyState title="No HTTP route">This virtual service has no HTTP route whose weights could be set.</EmptyState>
    );
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-3" aria-label={`Weights of ${resource.name}`}>
      <fieldset
        className="grid gap-2"
        aria-describedby={save.error ? errorId : undefined}
        aria-invalid={save.error ? true : undefined}
      >
        <legend className="text-sm font-medium">
          Weights of the first HTTP route of {resource.name} (whole numbers summing to 100)
        </legend>
        {routes.map((r, i) => {
          const key = destinationKey(r.destination);
          return (
            <label key={key} className="grid grid-cols-[minmax(0,1fr)_6rem] items-center gap-2 text-[13px]">
              <span className="truncate">
                {r.destination.host}
                {r.destination.subset && <span className="text-muted-foreground"> subset {r.destination.subset}</span>}
              </span>
              <Input
                type="number"
                inputMode="numeric"
                value={weights[i]}
                onChange={(e) => setWeights((w) => w.map((v, j) => (j === i ? e.target.value : v)))}
                aria-label={`Weight of ${key}`}
              />
            </label>
          );
        })}
        {save.error && (
          <p id={errorId} role="alert" className="text-[13px] text-destructive">
            {(save.error as Error).message}
          </p>
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save weights
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Status() {
  const status = useMeshOneStatus();
  return (
    <Section title="Installation">
      <QueryState query={status} label="mesh status" system={CONFIG}>
        {(s) =>
          !s.installed ? (
            <EmptyState title="Istio is not installed">
              The cluster answers, but no Istio control plane runs in it.
            </EmptyState>
          ) : (
            <ControlPlaneTable label="Mesh one components" components={s.components} version={s.version} />
          )
        }
      </QueryState>
    </Section>
  );
}

function NamespaceResources({ namespace }: { namespace: string }) {
  const admin = useIsAdmin();
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const services = useMeshOneVirtualServices(namespace);
  const topology = useMeshOneTopology(namespace);
  const policies = useMeshOneAuthorizationPolicies(namespace);
  const peers = useMeshOnePeerAuthentications(namespace);
  return (
    <>
      <Section title="Virtual services">
        {saved && (
          <p role="status" className="text-[13px]">
            Weights of {saved} saved.
          </p>
        )}
        <ResourceTable
          query={services}
          label="virtual services"
          system={CONFIG}
          empty={{ title: 'No virtual services', body: `No Istio virtual service in the namespace ${namespace}.` }}
          table="Virtual services"
          head={['Virtual service', 'Hosts', 'First HTTP route', ...(admin ? [''] : [])]}
        >
          {(list) =>
            list.map((v) => (
              <tr key={v.name}>
                <td className="font-medium">{v.name}</td>
                <td>{v.hosts.join(', ')}</td>
                <td>
                  {(v.http[0]?.route ?? []).map((r) => `${destinationKey(r.destination)} ${r.weight} %`).join(' · ') ||
                    '—'}
                </td>
                {admin && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => (setSaved(undefined), setEditing(v.name))}
                      aria-label={`Edit weights of ${v.name}`}
                    >
                      Edit weights
                    </Button>
                  </td>
                )}
              </tr>
            ))
          }
        </ResourceTable>
        {admin && editing && (
          <WeightsForm
            key={editing}
            namespace={namespace}
            name={editing}
            onDone={() => {
              setSaved(editing);
              setEditing(undefined);
            }}
          />
        )}
      </Section>
      <Section title="Topology">
        <ResourceTable
          query={topology}
          label="topology"
          system={CONFIG}
          empty={{ title: 'No edges', body: 'No routing resource in this namespace sends traffic anywhere.' }}
          table="Mesh one topology"
          head={['From', 'To', 'Weight']}
        >
          {(edges) =>
            edges.map((e) => (
              <tr key={`${e.source}->${e.destination}`}>
                <td>{e.source}</td>
                <td>{e.destination}</td>
                <td className="tabular-nums">{e.weight} %</td>
              </tr>
            ))
          }
        </ResourceTable>
      </Section>
      <Section title="Authorization policies">
        <ResourceTable
          query={policies}
          label="authorization policies"
          system={CONFIG}
          empty={{
            title: 'No authorization policies',
            body: `No Istio authorization policy in the namespace ${namespace}.`,
          }}
          table="Mesh one authorization policies"
          head={['Policy', 'Action', 'Rules', 'Created']}
        >
          {(list) =>
            list.map((p) => (
              <tr key={p.name}>
                <td className="font-medium">{p.name}</td>
                <td>
                  <Badge tone={p.action === 'DENY' ? 'danger' : toneOf(p.action)}>{p.action}</Badge>
                </td>
                <td className="tabular-nums">{p.rules.length}</td>
                <td>{formatDateTime(p.createdAt)}</td>
              </tr>
            ))
          }
        </ResourceTable>
      </Section>
      <Section title="Peer authentications">
        <ResourceTable
          query={peers}
          label="peer authentications"
          system={CONFIG}
          empty={{ title: 'No peer authentications', body: `No mutual-TLS setting in the namespace ${namespace}.` }}
          table="Peer authentications"
          head={['Name', 'Mutual TLS', 'Created']}
        >
          {(list) =>
            list.map((p) => (
              <tr key={p.name}>
                <td className="font-medium">{p.name}</td>
                <td>
                  <Badge tone={p.mtlsMode === 'STRICT' ? 'success' : p.mtlsMode === 'DISABLE' ? 'danger' : 'warning'}>
                    {p.mtlsMode}
                  </Badge>
                </td>
                <td>{formatDateTime(p.createdAt)}</td>
              </tr>
            ))
          }
        </ResourceTable>
      </Section>
    </>
  );
}

export function MeshOnePage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const namespace = search.namespace ?? '';
  return (
    <IntegrationShell
      title="Istio"
      intro="Mesh one's installation, and per namespace its virtual services (weights editable by admins), topology and security policies."
    >
      <Status />
      <MeshPicker
        label="Namespace"
        fields={[{ param: 'namespace', label: 'Namespace', value: namespace, placeholder: 'default', required: true }]}
        onShow={(values) => void navigate({ search: (s) => ({ ...s, ...values }) })}
      />
      {namespace ? (
        <NamespaceResources key={namespace} namespace={namespace} />
      ) : (
        <EmptyState title="Choose a namespace">
          Name a namespace to list its virtual services, topology and policies.
        </EmptyState>
      )}
    </IntegrationShell>
  );
}
