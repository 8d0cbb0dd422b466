// The deployments feed's pieces, shared by /deployments and an environment's page: the table (each
// row opens its deployment), the pager, the component link and the status badge.
import { Link } from '@tanstack/react-router';
import { Filter } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Deployment, useComponentsById } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DeploymentOrigin } from '../../components/deployments/deployment-origin';
import { FEED_PAGE_SIZE } from './deployments-search';
import { formatDateTime } from '../../lib/format';

const STATUS_TONES = {
  pending: 'warning',
  in_progress: 'warning',
  succeeded: 'success',
  failed: 'danger',
  rolled_back: 'danger',
} as const;
export function StatusBadge({ status }: { status: string }) {
  const tone = STATUS_TONES[status as keyof typeof STATUS_TONES] ?? 'neutral';
  return <Badge tone={tone}>{status.replaceAll('_', ' ')}</Badge>;
}

export type ComponentMap = ReturnType<typeof useComponentsById>;

export function ComponentName({ id, components }: { id: string; components: ComponentMap }) {
  const c = components.get(id);
  if (!c) return <span className="font-mono text-xs text-muted-foreground">{id.slice(0, 8)}</span>;
  return (
    <Link
      to="/catalog/$kind/$namespace/$name"
      params={{ kind: c.entityKind.toLowerCase(), namespace: c.namespace, name: c.name }}
      search={{ tab: 'deployments' }}
      className="font-medium text-primary hover:underline"
    >
      {c.title || c.name}
    </Link>
  );
}

function FeedRow({
  deployment: d,
  components,
  envName,
  onComponent,
}: {
  deployment: Deployment;
  components: ComponentMap;
  envName: (id: string) => string;
  onComponent?: (id: string) => void;
}) {
  const name = components.get(d.componentId)?.name ?? d.componentId.slice(0, 8);
  return (
    <tr>
      <td>{formatDateTime(d.createdAt)}</td>
      <td>
        <span className="inline-flex items-center gap-1">
          <ComponentName id={d.componentId} components={components} />
          {onComponent && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-1.5"
              aria-label={`Show only ${name}`}
              title={`Show only ${name}`}
              onClick={() => onComponent(d.componentId)}
            >
              <Filter aria-hidden className="size-3.5" />
            </Button>
          )}
        </span>
      </td>
      <td className="font-mono">
        {/* The row's way to the deployment's page; the name keeps the visible version first (WCAG 2.5.3). */}
        <Link
          to="/deployments/$deploymentId"
          params={{ deploymentId: d.id }}
          aria-label={`${d.version}: deployment details`}
          className="text-primary hover:underline"
        >
          {d.version}
        </Link>
      </td>
      <td>
        <Link to="/environments/$environmentId" params={{ environmentId: d.environmentId }} className="hover:underline">
          {envName(d.environmentId)}
        </Link>
      </td>
      <td>
        <StatusBadge status={d.status} />
      </td>
      <td>
        <DeploymentOrigin d={d} />
      </td>
    </tr>
  );
}

export function FeedTable({
  rows,
  components,
  envName,
  onComponent,
}: {
  rows: Deployment[];
  components: ComponentMap;
  envName: (id: string) => string;
  /** Filters the feed to one component; without it the rows have no filter button. */
  onComponent?: (id: string) => void;
}) {
  const head = ['When', 'Component', 'Version', 'Environment', 'Status', 'Deployed by'];
  return (
    <div
      className="relative overflow-x-auto rounded-lg border"
      role="region"
      aria-label="Deployments feed"
      tabIndex={0}
    >
      <table className="w-full border-collapse text-[13px]">
        <caption className="sr-only">Deployments, newest first</caption>
        <thead className="bg-muted">
          <tr>
            {head.map((h) => (
              <th
                key={h}
                scope="col"
                className="h-9 border-b px-3 text-left font-medium whitespace-nowrap text-muted-foreground"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:px-3 [&_td]:py-1.5 [&_td]:whitespace-nowrap [&_tr]:border-b [&_tr:last-child]:border-b-0">
          {rows.map((d) => (
            <FeedRow key={d.id} deployment={d} components={components} envName={envName} onComponent={onComponent} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  skip,
  shown,
  total,
  onPage,
}: {
  skip: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}): ReactNode {
  const page = Math.floor(skip / FEED_PAGE_SIZE) + 1;
  const last = Math.max(1, Math.ceil(total / FEED_PAGE_SIZE));
  return (
    <nav aria-label="Feed pages" className="flex flex-wrap items-center justify-between gap-2 text-[13px]">
      <span className="text-muted-foreground">
        {skip + 1}–{skip + shown} of {total}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Newer
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Older
        </Button>
      </div>
    </nav>
  );
}
