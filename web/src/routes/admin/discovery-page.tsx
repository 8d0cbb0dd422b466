import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import { useCredentials } from './credentials-queries';
import {
  useCreateDiscoverySource,
  useDeleteDiscoverySource,
  useDiscoverySources,
  useDiscoveryStatus,
  useScanDiscoverySource,
  type DiscoverySource,
} from './discovery-queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/input';
import { EmptyState } from '../../components/ui/states';
import { useOrganizationId } from '../../lib/use-session';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { formatDateTime as formatTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const TONE = {
  finished: 'success',
  failed: 'danger',
  paused: 'warning',
  running: 'primary',
  queued: 'primary',
  never: 'neutral',
} as const;

/** Where and when a source scans: the API, the file, the branch, the schedule and which repositories. */
function ScanSettingsFields({ error: e }: { error: unknown }) {
  return (
    <>
      <TextField
        label="API base URL"
        name="baseUrl"
        description="Empty: api.github.com or gitlab.com/api/v4; e.g. https://ghe.example.com/api/v3"
        error={fieldError(e, 'baseUrl')}
      />
      <TextField
        label="Catalog file"
        name="filePath"
        placeholder="catalog-info.yaml"
        error={fieldError(e, 'filePath')}
      />
      <TextField
        label="Branch"
        name="branch"
        description="Empty: each repository's default branch"
        error={fieldError(e, 'branch')}
      />
      <TextField
        label="Schedule (cron, UTC)"
        name="schedule"
        placeholder="0 * * * *"
        error={fieldError(e, 'schedule')}
      />
      <TextField
        label="Repository pattern (RE2)"
        name="repositoryPattern"
        placeholder="^acme/(svc|lib)-"
        error={fieldError(e, 'repositoryPattern')}
      />
      <label className="flex items-center gap-2 text-[13px]">
        <input type="checkbox" name="includeArchived" /> Include archived repositories
      </label>
    </>
  );
}

function NewSource() {
  const orgId = useOrganizationId();
  const creds = useCredentials(orgId);
  const create = useCreateDiscoverySource();
  const e = create.error;
  const usable = (creds.data ?? []).filter((c) => c.type === 'github' || c.type === 'gitlab');
  return (
    <AdminFormDialog
      trigger="Add source"
      triggerVariant="primary"
      title="Add a discovery source"
      description="Hangar lists the repositories of an organization, user or group and registers each one's catalog file as a location."
      submitLabel="Add source"
      pending={create.isPending}
      error={e}
      onOpen={() => create.reset()}
      onSubmit={async (d) => {
        const credentialId = str(d, 'credentialId') ?? '';
        const provider = usable.find((c) => c.id === credentialId)?.type === 'gitlab' ? 'gitlab' : 'github';
        await create.mutateAsync({
          provider,
          credentialId,
          owner: str(d, 'owner') ?? '',
          baseUrl: str(d, 'baseUrl'),
          filePath: str(d, 'filePath'),
          branch: str(d, 'branch'),
          schedule: str(d, 'schedule'),
          repositoryPattern: str(d, 'repositoryPattern'),
          includeArchived: d.get('includeArchived') === 'on',
        });
      }}
    >
      <SelectField
        label="Credential"
        name="credentialId"
        required
        description="A github or gitlab credential (Administration → Credentials); it decides the provider"
        error={fieldError(e, 'credentialId')}
      >
        {usable.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.type})
          </option>
        ))}
      </SelectField>
      <TextField
        label="Owner"
        name="owner"
        required
        placeholder="acme or group/subgroup"
        description="GitHub organization or user, GitLab group (subgroups included)"
        error={fieldError(e, 'owner')}
      />
      <ScanSettingsFields error={e} />
    </AdminFormDialog>
  );
}

/** The last scan's figures and the repositories whose reading failed. */
function ScanDetails({ source }: { source: DiscoverySource }) {
  const [open, setOpen] = useState(false);
  const status = useDiscoveryStatus(source.id, open);
  const s = status.data;
  return (
    <details onToggle={(ev) => setOpen((ev.target as HTMLDetailsElement).open)} className="text-xs">
      <summary className="cursor-pointer text-primary">Last scan details</summary>
      <QueryState query={status} label="the last scan" rows={5}>
        {() =>
          s ? (
            <div className="grid gap-1 pt-1">
              <p>
                {s.repositoriesSeen} repositories, {s.filesFound} catalog files; entities {s.entities.created} created,{' '}
                {s.entities.updated} updated, {s.entities.unchanged} unchanged, {s.entities.removed} removed.
              </p>
              <p>
                {s.requests.made} requests ({s.requests.notModified} answered 304); rate limit remaining{' '}
                {s.rateLimit.remaining ?? 'unknown'}
                {s.pausedUntil ? `; paused until ${formatTime(s.pausedUntil as string)}` : ''}.
              </p>
              {s.error && <p className="text-destructive">{s.error}</p>}
              {s.errorCount > 0 ? (
                <>
                  <h2 className="font-medium text-destructive">{s.errorCount} repositories with problems</h2>
                  <ul className="list-disc pl-5">
                    {s.errors.map((r) => (
                      <li key={r.repository}>
                        <span className="font-mono">{r.repository}</span>: {r.message}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>No repository problems.</p>
              )}
            </div>
          ) : null
        }
      </QueryState>
    </details>
  );
}

/** GET/POST /api/v1/catalog/discovery, POST …/:id/scan, GET …/:id/status, DELETE …/:id (X-Organization-Id). */
export function DiscoveryPage() {
  const orgId = useOrganizationId();
  const sources = useDiscoverySources(orgId);
  const scan = useScanDiscoverySource();
  const remove = useDeleteDiscoverySource();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Discovery" action={<NewSource />}>
        GitHub organizations and GitLab groups whose repositories fill the catalog: scanned on a schedule, refreshed by
        push webhooks.
      </AdminHeader>
      <QueryState query={sources} label="discovery sources" rows={5}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No discovery sources">
              Store a github or gitlab credential, then add a source with “Add source”.
            </EmptyState>
          ) : (
            <AdminTable label="Discovery sources" head={['Source', 'Last scan', 'Actions']}>
              {data.map((s) => (
                <tr key={s.id}>
                  <td className={cell}>
                    <div className="font-medium">
                      {s.provider === 'gitlab' ? 'GitLab' : 'GitHub'} · {s.owner}
                    </div>
                    <div className="text-xs break-all text-muted-foreground">
                      {s.baseUrl} · {s.filePath} · {s.branch ?? 'default branch'} · {s.schedule}
                    </div>
                  </td>
                  <td className={cell}>
                    <span className="grid gap-1">
                      <Badge tone={TONE[s.lastScan.state as keyof typeof TONE] ?? 'neutral'} className="w-fit">
                        {s.lastScan.state}
                      </Badge>
                      <span className="text-xs">
                        {formatTime(s.lastScan.startedAt as string | null)} →{' '}
                        {formatTime(s.lastScan.finishedAt as string | null)}
                      </span>
                      <ScanDetails source={s} />
                    </span>
                  </td>
                  <td className={cell}>
                    <span className="flex gap-1">
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Scan ${s.owner} now`}
                        disabled={scan.isPending && scan.variables === s.id}
                        onClick={() => scan.mutate(s.id)}
                      >
                        Scan now
                      </Button>
                      <ConfirmAction
                        trigger="Delete"
                        triggerLabel={`Delete source ${s.owner}`}
                        title={`Delete the source ${s.owner}?`}
                        description="Scans and push refreshes stop; the locations and entities it registered stay."
                        confirmLabel="Delete source"
                        onConfirm={() => remove.mutateAsync(s.id)}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryState>
    </div>
  );
}
