import { getRouteApi, Link } from '@tanstack/react-router';
import { RefreshCw, Unlink } from 'lucide-react';
import {
  useIacModule,
  useIacModuleVersions,
  useLinkedComponent,
  useSyncIacModule,
  useUnlinkIacModule,
  type IacModule,
  type IacModuleVersion,
} from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { describeError, ErrorState } from '../../components/ui/states';
import { IacShell } from './iac-shell';
import { DeleteModuleButton, EditModuleDialog, LinkComponentDialog } from './module-dialogs';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/iac/modules/$moduleId');

function VersionDetail({ version }: { version: IacModuleVersion }) {
  return (
    <div className="grid gap-4">
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">Variables</h2>
        {version.variablesMeta.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">This version declares no variables.</p>
        ) : (
          <SimpleTable
            label={`Variables of ${version.version}`}
            head={['Name', 'Type', 'Default', 'Required', 'Description']}
          >
            {version.variablesMeta.map((v) => (
              <tr key={v.name}>
                <td className="font-mono font-medium">
                  {v.name}
                  {v.sensitive && (
                    <Badge tone="warning" className="ml-2">
                      sensitive
                    </Badge>
                  )}
                </td>
                <td className="font-mono">{v.type ?? '—'}</td>
                <td className="max-w-48 truncate font-mono">{v.default ?? '—'}</td>
                <td>{v.required ? <Badge tone="primary">required</Badge> : 'no'}</td>
                <td>
                  {v.description ?? '—'}
                  {v.validation && (
                    <span className="block text-xs text-muted-foreground">Validation: {v.validation.errorMessage}</span>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </section>
      <section className="grid gap-2">
        <h2 className="text-base font-semibold">Outputs</h2>
        {version.outputsMeta.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">This version declares no outputs.</p>
        ) : (
          <SimpleTable label={`Outputs of ${version.version}`} head={['Name', 'Value', 'Description']}>
            {version.outputsMeta.map((o) => (
              <tr key={o.name}>
                <td className="font-mono font-medium">
                  {o.name}
                  {o.sensitive && (
                    <Badge tone="warning" className="ml-2">
                      sensitive
                    </Badge>
                  )}
                </td>
                <td className="max-w-72 truncate font-mono">{o.value ?? '—'}</td>
                <td>{o.description ?? '—'}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </section>
    </div>
  );
}

/** The catalog component the module belongs to, with link and unlink (decision 768). */
function LinkedComponent({ module }: { module: IacModule }) {
  const component = useLinkedComponent(module.componentId);
  const unlink = useUnlinkIacModule(module.id);
  const c = component.data;
  return (
    <section
      aria-labelledby="module-component"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 text-[13px]"
    >
      <h2 id="module-component" className="text-sm font-semibold">
        Component
      </h2>
      {!module.componentId ? (
        <span className="text-muted-foreground">Not linked to a catalog component.</span>
      ) : c ? (
        <Link
          to="/catalog/$kind/$namespace/$name"
          params={{ kind: c.entityKind.toLowerCase(), namespace: c.namespace, name: c.name }}
          className="font-medium text-primary hover:underline"
        >
          {c.name}
        </Link>
      ) : component.isError ? (
        <span className="text-destructive">
          The linked component could not be read: {describeError(component.error).message}
        </span>
      ) : (
        <span className="text-muted-foreground">Loading…</span>
      )}
      <div className="ml-auto flex flex-wrap gap-2">
        <LinkComponentDialog module={module} />
        {module.componentId && (
          <Button variant="secondary" size="sm" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
            <Unlink aria-hidden className="size-3.5" /> Unlink
          </Button>
        )}
      </div>
      {unlink.isError && (
        <p role="alert" className="basis-full text-destructive">
          {describeError(unlink.error).message}
        </p>
      )}
    </section>
  );
}

type Sync = ReturnType<typeof useSyncIacModule>;
type Versions = ReturnType<typeof useIacModuleVersions>;

/** What the last sync read, and the tags it could not read (stored on the module). */
function SyncReport({ sync, failed }: { sync: Sync; failed: IacModule['failedVersions'] }) {
  return (
    <>
      {sync.error && <ErrorState error={sync.error} />}
      {sync.data && (
        <p role="status" className="text-[13px]">
          {sync.data.newVersions} new {sync.data.newVersions === 1 ? 'version' : 'versions'}; latest{' '}
          {sync.data.latestVersion ?? 'none'}.
        </p>
      )}
      {failed.length > 0 && (
        <div role="note" className="rounded-lg border border-warning/50 p-3 text-[13px]">
          <p className="font-medium">Tags that could not be read:</p>
          <ul className="list-disc pl-5">
            {failed.map((f) => (
              <li key={f.version}>
                <code>{f.version}</code>: {f.error}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The versions as a list of links (`?version=`, else the first), beside the chosen one's detail. */
function VersionsBrowser({ versions, version }: { versions: Versions; version?: string }) {
  return (
    <QueryState
      query={versions}
      label="versions"
      isEmpty={(l) => l.length === 0}
      empty={{ title: 'No versions yet', body: 'Sync the module to read the semver tags of its repository.' }}
    >
      {(list) => {
        const shown = list.find((v) => v.version === version) ?? list[0]!;
        return (
          <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)]">
            <nav aria-label="Versions">
              <h2 className="mb-2 text-base font-semibold">Versions</h2>
              <ul className="grid max-h-[60vh] gap-1 overflow-y-auto text-[13px]">
                {list.map((v) => (
                  <li key={v.id}>
                    <Link
                      to="."
                      search={{ version: v.version }}
                      aria-current={v.id === shown.id ? 'page' : undefined}
                      className="flex items-baseline justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
                    >
                      <span className="font-mono">{v.version}</span>
                      <span className="text-xs text-muted-foreground">{formatDateTime(v.syncedAt)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <VersionDetail version={shown} />
          </div>
        );
      }}
    </QueryState>
  );
}

export function ModulePage() {
  const { moduleId } = route.useParams();
  const { version } = route.useSearch();
  const module = useIacModule(moduleId);
  const versions = useIacModuleVersions(moduleId);
  const sync = useSyncIacModule(moduleId);
  return (
    <QueryState
      query={module}
      label="module"
      notFound={{
        title: 'No module with this id',
        action: <TextLink to="/iac/modules">Back to the module catalog</TextLink>,
      }}
    >
      {(m) => (
        <IacShell
          title={m.name}
          intro={
            <>
              {m.provider}
              {m.engine && ` · ${m.engine}`} · <span className="break-all">{m.sourceRepoUrl}</span>
              {m.description && <span className="block">{m.description}</span>}
            </>
          }
          actions={
            <>
              <Button variant="secondary" size="sm" disabled={sync.isPending} onClick={() => sync.mutate()}>
                <RefreshCw aria-hidden className="size-3.5" /> {sync.isPending ? 'Syncing…' : 'Sync versions'}
              </Button>
              <EditModuleDialog module={m} />
              <DeleteModuleButton module={m} />
            </>
          }
        >
          <LinkedComponent module={m} />
          <SyncReport sync={sync} failed={m.failedVersions} />
          <VersionsBrowser versions={versions} version={version} />
        </IacShell>
      )}
    </QueryState>
  );
}
