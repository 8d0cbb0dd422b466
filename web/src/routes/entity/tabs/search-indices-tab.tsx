// The entity's search indices (decision 708): the linked index patterns with their live stats, a form to
// link one (any signed-in user may), unlink behind a confirmation (the index itself is untouched), and
// for admins the organization-wide overview. A link without a reachable cluster says so plainly.
import { useState, type FormEvent } from 'react';
import { fieldError } from '../../../api/field-errors';
import type { CatalogEntity } from '../queries';
import {
  useAddSearchIndex,
  useRemoveSearchIndex,
  useSearchIndexLinks,
  useSearchIndexOverview,
  useSearchIndices,
} from '../queries';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { FormAlert } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/input';
import { useIsAdmin } from '../../../lib/use-session';
import { StatusBadge } from './delivery-tabs';
import { QueryView, SimpleTable } from './tab-states';
import { formatNumber } from '../../../lib/format';

type Stats = NonNullable<ReturnType<typeof useSearchIndices>['data']>[number];

function Health({ stats, hasUrl }: { stats: Stats | undefined; hasUrl: boolean }) {
  if (!stats) return <span className="text-muted-foreground">…</span>;
  if (stats.reachable && stats.stats)
    return <StatusBadge status={stats.stats.health === 'green' ? 'healthy' : stats.stats.health} />;
  return (
    <Badge
      tone="warning"
      title={hasUrl ? 'The cluster did not answer' : 'Neither this link nor SEARCH_URL names a reachable cluster'}
    >
      {hasUrl ? 'cluster unreachable' : 'no reachable cluster'}
    </Badge>
  );
}

function AddIndexForm({ componentId }: { componentId: string }) {
  const empty = { indexPattern: '', searchUrl: '', description: '' };
  const [values, setValues] = useState(empty);
  const add = useAddSearchIndex(componentId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate(
      {
        indexPattern: values.indexPattern.trim(),
        searchUrl: values.searchUrl.trim() || undefined,
        description: values.description.trim() || undefined,
      },
      { onSuccess: () => setValues(empty) },
    );
  };
  const input = (field: keyof typeof empty, label: string, description?: string) => (
    <TextField
      label={label}
      description={description}
      error={fieldError(add.error, field)}
      required={field === 'indexPattern'}
      value={values[field]}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
    />
  );
  return (
    <form
      onSubmit={submit}
      aria-label="Link a search index"
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
    >
      {input('indexPattern', 'Index pattern', 'e.g. orders-*')}
      {input('searchUrl', 'Cluster URL', 'Optional; SEARCH_URL otherwise.')}
      {input('description', 'Description', 'Optional.')}
      <Button type="submit" className="sm:mt-6" disabled={add.isPending || !values.indexPattern.trim()}>
        Link index
      </Button>
      <FormAlert error={add.error} className="sm:col-span-4" />
    </form>
  );
}

function Overview() {
  const [open, setOpen] = useState(false);
  const overview = useSearchIndexOverview(open);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)} className="rounded-lg border p-3">
      <summary className="cursor-pointer text-[13px] font-medium">
        Every component&apos;s linked indices (admins)
      </summary>
      {open && (
        <div className="mt-3">
          <QueryView
            query={overview}
            label="the search index overview"
            system="The search engine"
            isEmpty={(l) => l.length === 0}
            empty={{
              title: 'No component has a linked index',
              body: 'Link one from a component’s Search indices tab.',
            }}
          >
            {(rows) => (
              <SimpleTable
                label="Linked indices of every component"
                head={['Component', 'Pattern', 'Health', 'Documents']}
              >
                {rows.flatMap((r) =>
                  r.indices.map((i) => (
                    <tr key={i.indexId}>
                      <td>{r.componentName}</td>
                      <td className="font-mono">{i.indexPattern}</td>
                      <td>
                        <Health stats={i} hasUrl={!!i.searchUrl} />
                      </td>
                      <td className="tabular-nums">{formatNumber(i.stats?.docsCount)}</td>
                    </tr>
                  )),
                )}
              </SimpleTable>
            )}
          </QueryView>
        </div>
      )}
    </details>
  );
}

export function SearchIndicesTab({ entity }: { entity: CatalogEntity }) {
  const links = useSearchIndexLinks(entity.id);
  const stats = useSearchIndices(entity.id);
  const remove = useRemoveSearchIndex(entity.id);
  const isAdmin = useIsAdmin();
  const byId = new Map((stats.data ?? []).map((s) => [s.indexId, s]));
  return (
    <div className="grid grid-cols-1 gap-4">
      <QueryView
        query={links}
        label="search indices"
        system="The search engine"
        notConfigured="Set SEARCH_URL, or give each link its own cluster URL."
        isEmpty={(l) => l.length === 0}
        empty={{
          title: 'No search index is linked',
          body: 'Link an index pattern below to see its health, documents and size here.',
        }}
      >
        {(list) => (
          <SimpleTable
            label="Search indices"
            head={['Pattern', 'Health', 'Documents', 'Size', 'Status', 'Description', 'Actions']}
          >
            {list.map((l) => {
              const s = byId.get(l.id);
              return (
                <tr key={l.id}>
                  <td className="font-mono">{l.indexPattern}</td>
                  <td>
                    {stats.error ? (
                      <Badge tone="warning">stats unavailable</Badge>
                    ) : (
                      <Health stats={s} hasUrl={!!l.searchUrl} />
                    )}
                  </td>
                  <td className="tabular-nums">{formatNumber(s?.stats?.docsCount)}</td>
                  <td>{s?.stats?.storeSize ?? '—'}</td>
                  <td>{s?.stats?.status ?? '—'}</td>
                  <td className="max-w-64 truncate">{l.description ?? ''}</td>
                  <td>
                    <ConfirmButton
                      label={`Unlink ${l.indexPattern}`}
                      title={`Unlink ${l.indexPattern}?`}
                      description="The link leaves this component; the index itself is untouched."
                      confirmLabel="Unlink index"
                      onConfirm={() => remove.mutateAsync(l.id)}
                    >
                      Unlink
                    </ConfirmButton>
                  </td>
                </tr>
              );
            })}
          </SimpleTable>
        )}
      </QueryView>
      <AddIndexForm componentId={entity.id} />
      {isAdmin && <Overview />}
    </div>
  );
}
