import { RefreshCw } from 'lucide-react';
import { useCredentialTypes, useGitopsApps, useSyncGitopsApp } from './queries';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useState } from 'react';
import { GitopsAppDetail } from './detail-panels';
import { IntegrationShell, toneOf } from './integration-shell';
import { CredentialGate } from './credential-gate';
import { ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';

const CONFIG = systemConfig('/integrations/gitops');

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
              <tr key={`${a.metadata.namespace}/${a.metadata.name}`}>
                <td className="font-medium">
                  <button
                    type="button"
                    className="text-primary hover:underline"
                    aria-pressed={selected === a.metadata.name}
                    onClick={() => setSelected(a.metadata.name)}
                    aria-label={`Details of ${a.metadata.name}`}
                  >
                    {a.metadata.name}
                  </button>
                  {a.spec.project && (
                    <span className="block text-xs text-muted-foreground">project {a.spec.project}</span>
                  )}
                </td>
                <td>
                  <Badge tone={toneOf(a.status.health.status)}>{a.status.health.status}</Badge>
                </td>
                <td>
                  <Badge tone={toneOf(a.status.sync.status)}>{a.status.sync.status}</Badge>
                  {a.status.sync.revision && (
                    <span className="ml-1 font-mono text-xs">{a.status.sync.revision.slice(0, 7)}</span>
                  )}
                </td>
                <td className="max-w-64 truncate">
                  {a.spec.source.repoURL ?? '—'}
                  {a.spec.source.targetRevision && (
                    <span className="text-muted-foreground"> @ {a.spec.source.targetRevision}</span>
                  )}
                </td>
                <td>{[a.spec.destination.server, a.spec.destination.namespace].filter(Boolean).join(' / ') || '—'}</td>
                <td>
                  {a.status.operationState.phase ?? '—'} {formatDateTime(a.status.operationState.finishedAt)}
                </td>
                {admin && (
                  <td>
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={sync.isPending && sync.variables === a.metadata.name}
                      onClick={() => sync.mutate(a.metadata.name)}
                      aria-label={`Sync ${a.metadata.name}`}
                    >
                      <RefreshCw aria-hidden className="size-3.5" /> Sync
                    </Button>
                  </td>
                )}
              </tr>
            ))
          }
        </ResourceTable>
        {selected && <GitopsAppDetail key={selected} name={selected} onClose={() => setSelected(undefined)} />}
      </CredentialGate>
    </IntegrationShell>
  );
}
