import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import {
  useMeshOneAuthorizationPolicies,
  useMeshOnePeerAuthentications,
  useMeshOneStatus,
  useMeshOneTopology,
  useMeshOneVirtualServices,
} from './mesh-queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { IntegrationShell, Section, toneOf } from './integration-shell';
import { MeshPicker } from './mesh-picker';
import { destinationKey, WeightsForm } from './meshone-weights';
import { ControlPlaneTable, ResourceSection, ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/integrations/meshone');
const CONFIG = systemConfig('/integrations/meshone');

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

/** The namespace's virtual services; an admin edits the weights of one at a time below the table. */
function VirtualServices({ namespace }: { namespace: string }) {
  const admin = useIsAdmin();
  const [editing, setEditing] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const services = useMeshOneVirtualServices(namespace);
  return (
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
  );
}

const mtlsTone = (mode: string) => (mode === 'STRICT' ? 'success' : mode === 'DISABLE' ? 'danger' : 'warning');

function NamespaceResources({ namespace }: { namespace: string }) {
  const topology = useMeshOneTopology(namespace);
  const policies = useMeshOneAuthorizationPolicies(namespace);
  const peers = useMeshOnePeerAuthentications(namespace);
  return (
    <>
      <VirtualServices namespace={namespace} />
      <ResourceSection
        title="Topology"
        query={topology}
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
      </ResourceSection>
      <ResourceSection
        title="Authorization policies"
        query={policies}
        system={CONFIG}
        empty={{ body: `No Istio authorization policy in the namespace ${namespace}.` }}
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
      </ResourceSection>
      <ResourceSection
        title="Peer authentications"
        query={peers}
        system={CONFIG}
        empty={{ body: `No mutual-TLS setting in the namespace ${namespace}.` }}
        table="Peer authentications"
        head={['Name', 'Mutual TLS', 'Created']}
      >
        {(list) =>
          list.map((p) => (
            <tr key={p.name}>
              <td className="font-medium">{p.name}</td>
              <td>
                <Badge tone={mtlsTone(p.mtlsMode)}>{p.mtlsMode}</Badge>
              </td>
              <td>{formatDateTime(p.createdAt)}</td>
            </tr>
          ))
        }
      </ResourceSection>
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
