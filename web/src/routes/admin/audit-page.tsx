import { getRouteApi, Link } from '@tanstack/react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/input';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { formatDateTime } from '../../lib/format';
import { useOrganizationId } from '../../lib/use-session';
import { AdminHeader, AdminTable, cell, str } from './admin-ui';
import { useAuditExport, useAuditRecords, type AuditRecord } from './audit-queries';
import { AUDIT_OUTCOMES, type AuditSearch } from './audit-search';

const route = getRouteApi('/app/admin/audit');
const TONE = { success: 'success', denied: 'warning', failed: 'danger' } as const;

/** `2026-01-02T03:04` for a datetime-local input, from an ISO instant (local time). */
const localInput = (iso: string | undefined) => {
  if (!iso) return undefined;
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string | undefined) => (local ? new Date(local).toISOString() : undefined);

function Filters({ search }: { search: AuditSearch }) {
  const navigate = route.useNavigate();
  const apply = (d: FormData) => {
    const outcome = AUDIT_OUTCOMES.find((o) => o === str(d, 'outcome'));
    void navigate({
      search: {
        actor: str(d, 'actor'),
        action: str(d, 'action'),
        resourceType: str(d, 'resourceType'),
        resourceId: str(d, 'resourceId'),
        outcome,
        from: isoOf(str(d, 'from')),
        to: isoOf(str(d, 'to')),
      },
    });
  };
  return (
    <form
      key={JSON.stringify(search)}
      aria-label="Filter audit records"
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        apply(new FormData(e.currentTarget));
      }}
    >
      <TextField label="Actor" name="actor" defaultValue={search.actor} description="User id or username" />
      <TextField label="Action" name="action" defaultValue={search.action} description="A prefix, such as catalog." />
      <TextField label="Resource type" name="resourceType" defaultValue={search.resourceType} />
      <TextField label="Resource id" name="resourceId" defaultValue={search.resourceId} />
      <SelectField label="Outcome" name="outcome" defaultValue={search.outcome ?? ''}>
        <option value="">Any</option>
        {AUDIT_OUTCOMES.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </SelectField>
      <TextField label="From" name="from" type="datetime-local" defaultValue={localInput(search.from)} />
      <TextField label="To" name="to" type="datetime-local" defaultValue={localInput(search.to)} />
      <div className="flex items-end gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void navigate({ search: {} })}>
          Clear
        </Button>
      </div>
    </form>
  );
}

/** Where a record's resource is shown in the portal, when it has a page (decision 997). */
function ResourceLink({ resource }: { resource: AuditRecord['resource'] }) {
  const label = resource.ref ?? resource.id ?? resource.type ?? '—';
  const id = resource.id ?? '';
  switch (resource.type) {
    case 'teams':
      return id ? (
        <Link to="/teams/$teamId" params={{ teamId: id }} className="text-primary underline">
          {label}
        </Link>
      ) : (
        <>{label}</>
      );
    case 'incidents':
      return id ? (
        <Link to="/incidents/$incidentId" params={{ incidentId: id }} className="text-primary underline">
          {label}
        </Link>
      ) : (
        <>{label}</>
      );
    case 'organizations':
      return id ? (
        <Link to="/admin/organizations/$orgId" params={{ orgId: id }} className="text-primary underline">
          {label}
        </Link>
      ) : (
        <>{label}</>
      );
    case 'webhook-subscription':
    case 'webhook-subscriptions':
      return (
        <Link to="/admin/webhooks" className="text-primary underline">
          {label}
        </Link>
      );
    case 'credential':
    case 'credentials':
      return (
        <Link to="/admin/credentials" className="text-primary underline">
          {label}
        </Link>
      );
    case 'user':
    case 'users':
      return (
        <Link to="/admin/users" className="text-primary underline">
          {label}
        </Link>
      );
    case 'service-accounts':
      return (
        <Link to="/admin/service-accounts" className="text-primary underline">
          {label}
        </Link>
      );
    default:
      return <>{label}</>;
  }
}

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function Changes({ changes }: { changes: AuditRecord['changes'] }) {
  const fields = Object.entries(changes ?? {}) as [string, [unknown, unknown]][];
  if (fields.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <details>
      <summary className="cursor-pointer">{fields.length === 1 ? '1 field' : `${fields.length} fields`}</summary>
      <dl className="mt-1 grid gap-1">
        {fields.map(([field, [before, after]]) => (
          <div key={field}>
            <dt className="font-medium">{field}</dt>
            <dd className="font-mono text-xs break-all">
              <del className="text-destructive">{show(before)}</del> →{' '}
              <ins className="text-success no-underline">{show(after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Exports({ search }: { search: AuditSearch }) {
  const exporter = useAuditExport();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={exporter.isPending}
        onClick={() => exporter.mutate({ query: search, format: 'ndjson' })}
      >
        Export NDJSON
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={exporter.isPending}
        onClick={() => exporter.mutate({ query: search, format: 'csv' })}
      >
        Export CSV
      </Button>
      {exporter.isError && (
        <p role="alert" className="text-xs text-destructive">
          {exporter.error.message}
        </p>
      )}
    </div>
  );
}

/** GET /api/v1/audit with its filters in the URL; export of the same filters (issue 36, decision 996). */
export function AuditPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const orgId = useOrganizationId();
  const records = useAuditRecords(orgId, search);
  return (
    <div className="grid gap-4">
      <AdminHeader title="Audit log" action={<Exports search={search} />}>
        Every write, refusal and sign-in of the current organization, newest first. Secrets appear as ***.
      </AdminHeader>
      <Filters search={search} />
      {records.isPending ? (
        <Loading label="Loading audit records" />
      ) : records.isError ? (
        <ErrorState error={records.error} onRetry={() => void records.refetch()} />
      ) : records.data.data.length === 0 ? (
        <EmptyState title="No audit records match">Change or clear the filters.</EmptyState>
      ) : (
        <>
          <AdminTable
            label="Audit records"
            head={['When', 'Actor', 'Action', 'Resource', 'Outcome', 'Changes', 'Origin']}
          >
            {records.data.data.map((r) => (
              <tr key={r.id}>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(r.at)}</td>
                <td className={cell}>
                  {r.actor.username ?? r.actor.userId ?? 'system'} <Badge>{r.actor.via}</Badge>
                </td>
                <td className={`${cell} font-mono text-xs`}>{r.action}</td>
                <td className={cell}>
                  <span className="text-xs text-muted-foreground">{r.resource.type ?? ''}</span>{' '}
                  <ResourceLink resource={r.resource} />
                </td>
                <td className={cell}>
                  <Badge tone={TONE[r.outcome as keyof typeof TONE] ?? 'neutral'}>{r.outcome}</Badge>{' '}
                  {r.statusCode ?? ''}
                </td>
                <td className={cell}>
                  <Changes changes={r.changes} />
                </td>
                <td className={`${cell} text-xs`}>{[r.ip, r.requestId].filter(Boolean).join(' · ') || '—'}</td>
              </tr>
            ))}
          </AdminTable>
          <nav aria-label="Pages" className="flex gap-2">
            {search.cursor && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void navigate({ search: { ...search, cursor: undefined } })}
              >
                Newest
              </Button>
            )}
            {records.data.nextCursor && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void navigate({ search: { ...search, cursor: records.data.nextCursor ?? undefined } })}
              >
                Older
              </Button>
            )}
          </nav>
        </>
      )}
    </div>
  );
}
