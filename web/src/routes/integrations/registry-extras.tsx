import { useState } from 'react';
import { useManifest, useReplications, useSyncVulnerabilities } from './queries';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { ComponentPicker } from './component-picker';
import { Section } from './integration-shell';
import { ResourceTable } from './resource-table';
import { formatDateTime } from '../../lib/format';

const bytes = (n: number) =>
  n >= 1e9 ? `${(n / 1e9).toFixed(2)} GB` : n >= 1e6 ? `${(n / 1e6).toFixed(1)} MB` : `${Math.round(n / 1e3)} kB`;

/** One tag's manifest: digest, media type, size and every tag pointing at it. */
export function Manifest({ repo, tag }: { repo: string; tag: string }) {
  const manifest = useManifest(repo, tag);
  return (
    <QueryState query={manifest} label="manifest">
      {(m) => (
        <dl
          className="grid gap-x-4 gap-y-1 text-[13px] sm:grid-cols-[auto_minmax(0,1fr)]"
          aria-label={`Manifest of ${repo}:${tag}`}
        >
          <dt className="text-muted-foreground">Digest</dt>
          <dd className="font-mono break-all">{m.digest}</dd>
          <dt className="text-muted-foreground">Media type</dt>
          <dd className="font-mono break-all">{m.mediaType}</dd>
          <dt className="text-muted-foreground">Size</dt>
          <dd className="tabular-nums">{bytes(m.sizeBytes)}</dd>
          <dt className="text-muted-foreground">Pushed</dt>
          <dd>{formatDateTime(m.pushedAt)}</dd>
          <dt className="text-muted-foreground">Tags</dt>
          <dd>{m.tags.join(', ') || '—'}</dd>
        </dl>
      )}
    </QueryState>
  );
}

/** Replication policies of a self-hosted (Harbor) registry; other adapters have none (a 400 or 503 says so). */
export function Replications() {
  const replications = useReplications(true);
  return (
    <Section title="Replication policies">
      {replications.error ? (
        <p className="text-[13px] text-muted-foreground">
          Replication policies exist only on a self-hosted registry: {(replications.error as Error).message}.
        </p>
      ) : (
        <ResourceTable
          query={replications}
          label="replication policies"
          empty={{ title: 'No replication policies', body: 'The self-hosted registry replicates nothing.' }}
          table="Replication policies"
          head={['Policy', 'Destination namespace', 'Trigger', 'Enabled']}
        >
          {(list) =>
            list.map((r) => (
              <tr key={r.id}>
                <td className="font-medium">{r.name}</td>
                <td>{r.destNamespace || '—'}</td>
                <td>
                  {r.trigger.type}
                  {r.trigger.triggerSettings?.cron && (
                    <span className="font-mono text-xs"> {r.trigger.triggerSettings.cron}</span>
                  )}
                </td>
                <td>
                  <Badge tone={r.enabled ? 'success' : 'neutral'}>{r.enabled ? 'enabled' : 'disabled'}</Badge>
                </td>
              </tr>
            ))
          }
        </ResourceTable>
      )}
    </Section>
  );
}

/** Admins: scan a catalog component's images again and store their vulnerabilities (queued, or inline). */
export function VulnerabilitySync() {
  const [component, setComponent] = useState<string>();
  const sync = useSyncVulnerabilities();
  return (
    <Section title="Sync a component's vulnerabilities">
      <ComponentPicker selected={component} onSelect={setComponent} />
      {component ? (
        <div>
          <Button variant="secondary" size="sm" disabled={sync.isPending} onClick={() => sync.mutate(component)}>
            Sync vulnerabilities
          </Button>
        </div>
      ) : (
        <EmptyState title="Choose a component">Its images' findings are read from the registry and stored.</EmptyState>
      )}
      <ActionOutcome
        action={sync}
        done={(d) => (d.queued ? 'Vulnerability sync queued.' : `Vulnerabilities synced: ${d.count ?? 0} stored.`)}
      />
    </Section>
  );
}
