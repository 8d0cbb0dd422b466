// One environment on the deployments page: what runs there now (the latest deployment of each
// component) and the button that narrows the feed to it.
import { Link } from '@tanstack/react-router';
import { Filter } from 'lucide-react';
import { LATEST_SCAN, type Deployment, type Environment } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ErrorState, Loading } from '../../components/ui/states';
import { cn } from '../../lib/cn';
import { latestPerComponent } from './deployments-search';
import { ComponentName, StatusBadge, type ComponentMap } from './feed';
import { formatDateTime } from '../../lib/format';

export function EnvironmentCard({
  env,
  selected,
  query,
  components,
  onShow,
}: {
  env: Environment;
  selected: boolean;
  query: { data?: { data: Deployment[]; total: number }; isPending: boolean; error: unknown } | undefined;
  components: ComponentMap;
  onShow: () => void;
}) {
  const current = latestPerComponent(query?.data?.data ?? []);
  return (
    <article
      aria-labelledby={`env-${env.id}`}
      className={cn(
        'grid h-full content-start gap-2 rounded-lg border p-3',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`env-${env.id}`} className="text-sm font-semibold">
          <Link
            to="/environments/$environmentId"
            params={{ environmentId: env.id }}
            className="text-primary hover:underline"
          >
            {env.name}
          </Link>
        </h3>
        <Badge tone={env.type === 'production' ? 'primary' : 'neutral'}>{env.type}</Badge>
      </div>
      {!query || query.isPending ? (
        <Loading rows={2} label={`Loading ${env.name}`} />
      ) : query.error ? (
        <ErrorState error={query.error} />
      ) : current.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">Nothing deployed here yet.</p>
      ) : (
        <ul aria-label={`Latest in ${env.name}`} className="grid gap-1.5 text-[13px]">
          {current.slice(0, 6).map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <ComponentName id={d.componentId} components={components} />
              <span className="font-mono text-xs">{d.version}</span>
              <StatusBadge status={d.status} />
              <span className="ml-auto text-xs text-muted-foreground">{formatDateTime(d.createdAt)}</span>
            </li>
          ))}
          {current.length > 6 && <li className="text-xs text-muted-foreground">and {current.length - 6} more</li>}
        </ul>
      )}
      {query?.data && query.data.total > LATEST_SCAN && (
        <p className="text-xs text-muted-foreground">
          From the latest {LATEST_SCAN} of {query.data.total} deployments.
        </p>
      )}
      <div className="mt-auto pt-1">
        <Button variant={selected ? 'primary' : 'secondary'} size="sm" aria-pressed={selected} onClick={onShow}>
          <Filter aria-hidden className="size-3.5" />{' '}
          {selected ? `Showing ${env.name}` : `Show ${env.name} in the feed`}
        </Button>
      </div>
    </article>
  );
}
