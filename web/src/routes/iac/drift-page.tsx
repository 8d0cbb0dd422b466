import { Link } from '@tanstack/react-router';
import { useDrift } from './queries';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { IacShell } from './iac-shell';
import { formatDateTime } from '../../lib/format';

export function DriftPage() {
  const drift = useDrift();
  return (
    <IacShell
      title="Module drift"
      intro="Stacks pinned to an older version of a module than its latest; modules in the catalog link to their versions."
    >
      <QueryState
        query={drift}
        label="drift"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: 'No drift reported',
          body: 'Drift is reported by the IaC automation with POST /api/v1/iac/module-drift/ingest.',
        }}
      >
        {(list) => (
          <SimpleTable label="Module drift" head={['Module', 'Stack path', 'Pinned', 'Latest', 'Behind', 'Detected']}>
            {list.map((d) => (
              <tr key={d.id}>
                <td className="font-medium">
                  {d.moduleId ? (
                    <Link
                      to="/iac/modules/$moduleId"
                      params={{ moduleId: d.moduleId }}
                      search={{ version: d.latestKnownVersion ?? undefined }}
                      className="text-primary hover:underline"
                    >
                      {d.moduleName}
                    </Link>
                  ) : (
                    <>
                      {d.moduleName}{' '}
                      <span className="block text-xs font-normal text-muted-foreground">not in the catalog</span>
                    </>
                  )}
                  <span className="block max-w-72 truncate text-xs font-normal text-muted-foreground">
                    {d.sourceUrl}
                  </span>
                </td>
                <td className="font-mono">{d.stackPath}</td>
                <td className="font-mono">{d.currentRef}</td>
                <td className="font-mono">{d.latestKnownVersion ?? d.latestRef}</td>
                <td>
                  <Badge tone={d.versionsBehind === 0 ? 'success' : d.versionsBehind > 2 ? 'danger' : 'warning'}>
                    {d.versionsBehind} {d.versionsBehind === 1 ? 'version' : 'versions'}
                  </Badge>
                </td>
                <td>{formatDateTime(d.detectedAt)}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </IacShell>
  );
}
