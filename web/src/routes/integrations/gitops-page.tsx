import { RefreshCw } from 'lucide-react';
import { useCredentialTypes, useGitopsApps, useSyncGitopsApp } from './queries';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useState } from 'react';
import { GitopsAppDetail } from './detail-panels';
import { DetailsButton, IntegrationShell, toneOf } from './integration-shell';
import { CredentialGate } from './credential-gate';
import { ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const CONFIG = systemConfig('/integrations/gitops');

type App = NonNullable<ReturnType<typeof useGitopsApps>['data']>[number];
type Sync = ReturnType<typeof useSyncGitopsApp>;

function AppRow({
  a,
  selected,
  onSelect,
  sync,
}: {
  a: App;
  selected: boolean;
  onSelect: () => void;
  /** Admins only: the sync mutation the row's button starts. */
  sync?: Sync;
}) {
  const { metadata, spec, status } = a;
  return (
    <tr>
      <td className="font-medium">
        <DetailsButton
          name={metadata.name}
          label={`Details of ${metadata.name}`}
          selected={selected}
          onSelect={onSelect}
        />
        {spec.project && <span className="block text-xs text-muted-foreground">project {spec.project}</span>}
      </td>
      <td>
        <Badge tone={toneOf(status.health.status)}>{status.health.status}</Badge>
      </td>
      <td>
        <Badge tone={toneOf(status.sync.status)}>{status.sync.status}</Badge>
        {status.sync.revision && <span className="ml-1 font-mono text-xs">{status.sync.revision.slice(0, 7)}</span>}
      </td>
      <td className="max-w-64 truncate">
        {spec.source.repoURL ?? '—'}
        {spec.source.targetRevision && <span className="text-muted-foreground"> @ {spec.source.targetRevision}</span>}
      </td>
      <td>{[spec.destination.server, spec.destination.namespace].filter(Boolean).join(' / ') || '—'}</td>
      <td>
        {status.operationState.phase ?? '—'} {formatDateTime(status.operationState.finishedAt)}
      </td>
      {sync && (
        <td>
          <Button
            size="sm"
            variant="secondary"
            disabled={sync.isPending && sync.variables === metadata.name}
            onClick={() => sync.mutate(metadata.name)}
            aria-label={`Sync ${metadata.name}`}
          >
            <RefreshCw aria-hidden className="size-3.5" /> Sync
          </Button>
        </td>
      )}
    </tr>
  );
}

export function GitopsPage() {
  const credentials = useCredentialTypes();
  const configured = credentials.data?.has('gitopscd') === true;
  const apps = useGitopsApps(configured);
  const sync = useSyncGitopsApp();
  const admin = useIsAdmin();
  const [selected, setSelected] = useState<string>();
  return (
    <IntegrationShell
      title="GitOps applications"
      intro="Argo CD applications of the current organization, with their health and sync status."
    >
      <CredentialGate
        type="gitopscd"
        what="Argo CD URL and API token"
        system={CONFIG}
        label="GitOps applications"
        rows={3}
      >
        <ActionOutcome
          action={sync}
          done={(app) => `Sync of ${app.name} requested: ${app.syncStatus}, ${app.healthStatus}.`}
        />
        <ResourceTable
          query={apps}
          label="applications"
          empty={{ title: 'No applications', body: 'Argo CD answers with no application this token may see.' }}
          table="GitOps applications"
          head={['Application', 'Health', 'Sync', 'Source', 'Destination', 'Last operation', ...(admin ? [''] : [])]}
        >
          {(list) =>
            list.map((a) => (
              <AppRow
                key={`${a.metadata.namespace}/${a.metadata.name}`}
                a={a}
                selected={selected === a.metadata.name}
                onSelect={() => setSelected(a.metadata.name)}
                sync={admin ? sync : undefined}
              />
            ))
          }
        </ResourceTable>
        {selected && <GitopsAppDetail key={selected} name={selected} onClose={() => setSelected(undefined)} />}
      </CredentialGate>
    </IntegrationShell>
  );
}
