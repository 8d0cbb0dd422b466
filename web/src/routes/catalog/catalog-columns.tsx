import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { Component } from '../../api/types';
import { Badge, LifecycleBadge } from '../../components/ui/badge';
import type { CatalogColumn } from '../../lib/search-params';
import { formatDate } from '../../lib/format';

/** The entity page's route params of a catalog component (its Backstage reference). */
export const entityParams = (c: Pick<Component, 'entityKind' | 'namespace' | 'name'>) => ({
  kind: c.entityKind.toLowerCase(),
  namespace: c.namespace,
  name: c.name,
});

export const COLUMN_LABELS: Record<CatalogColumn, string> = {
  name: 'Name',
  kind: 'Kind',
  type: 'Type',
  owner: 'Owner',
  lifecycle: 'Lifecycle',
  namespace: 'Namespace',
  tags: 'Tags',
  updatedAt: 'Updated',
};

/** Columns the server can sort by (GET /api/v1/catalog/components `sort`). */
export const SORTABLE = new Set<CatalogColumn>(['name', 'kind', 'updatedAt']);

const muted = (value: string | null | undefined) => value || <span className="text-muted-foreground">—</span>;

const columns: ColumnDef<Component, unknown>[] = [
  {
    id: 'name',
    header: COLUMN_LABELS.name,
    size: 260,
    cell: ({ row: { original: c } }) => (
      <Link
        to="/catalog/$kind/$namespace/$name"
        params={entityParams(c)}
        className="font-medium text-primary hover:underline"
        title={c.description ?? undefined}
      >
        {c.title || c.name}
      </Link>
    ),
  },
  { id: 'kind', header: COLUMN_LABELS.kind, size: 120, cell: ({ row: { original: c } }) => <Badge>{c.kind}</Badge> },
  { id: 'type', header: COLUMN_LABELS.type, size: 120, cell: ({ row: { original: c } }) => muted(c.type) },
  { id: 'owner', header: COLUMN_LABELS.owner, size: 160, cell: ({ row: { original: c } }) => muted(c.owner) },
  {
    id: 'lifecycle',
    header: COLUMN_LABELS.lifecycle,
    size: 120,
    cell: ({ row: { original: c } }) => <LifecycleBadge lifecycle={c.lifecycle} />,
  },
  { id: 'namespace', header: COLUMN_LABELS.namespace, size: 120, cell: ({ row: { original: c } }) => c.namespace },
  {
    id: 'tags',
    header: COLUMN_LABELS.tags,
    size: 220,
    cell: ({ row: { original: c } }) => (
      <span className="flex gap-1 overflow-hidden">
        {c.tags.slice(0, 4).map((t) => (
          <Badge key={t} tone="primary">
            {t}
          </Badge>
        ))}
        {c.tags.length > 4 && <span className="text-xs text-muted-foreground">+{c.tags.length - 4}</span>}
      </span>
    ),
  },
  {
    id: 'updatedAt',
    header: COLUMN_LABELS.updatedAt,
    size: 120,
    cell: ({ row: { original: c } }) => formatDate(new Date(c.updatedAt)),
  },
];

export const catalogColumns = columns.map((col) => ({ ...col, enableSorting: SORTABLE.has(col.id as CatalogColumn) }));
