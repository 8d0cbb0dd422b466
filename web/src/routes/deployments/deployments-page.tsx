// Deployments and environments: what runs in each environment now (the latest deployment of each
// component there), and the feed of deployments filtered by environment, component and status.
// deployment.* events refresh both live (decision 701).
import { getRouteApi, Link } from '@tanstack/react-router';
import { Filter, X } from 'lucide-react';
import { useMemo } from 'react';
import { LATEST_SCAN, useComponentsById, useDeploymentFeed, useEnvironmentList, useLatestByEnvironment, type Deployment, type Environment } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Select } from '../../components/ui/input';
import { DemoHint, EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { cn } from '../../lib/cn';
import { DEPLOYMENT_STATUSES, feedQuery, latestPerComponent, type DeploymentsSearch } from './deployments-search';
import { ComponentName, FeedTable, Pager, StatusBadge, type ComponentMap } from './feed';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/deployments');

export function DeploymentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = (patch: Partial<DeploymentsSearch>) =>
    void navigate({
      search: (prev) => Object.fromEntries(Object.entries({ ...prev, page: undefined, ...patch }).filter(([, v]) => v !== undefined && v !== '')),
    });

  const environments = useEnvironmentList();
  const envs = environments.data?.data ?? [];
  const latest = useLatestByEnvironment(envs.map((e) => e.id));
  const feed = useDeploymentFeed(feedQuery(search));

  const componentIds = useMemo(() => {
    const ids = new Set<string>();
    for (const q of latest) for (const d of latestPerComponent(q.data?.data ?? [])) ids.add(d.componentId);
    for (const d of feed.data?.data ?? []) ids.add(d.componentId);
    if (search.component) ids.add(search.component);
    return [...ids].sort();
  }, [latest, feed.data, search.component]);
  const components = useComponentsById(componentIds);
  const envName = (id: string) => envs.find((e) => e.id === id)?.name ?? id.slice(0, 8);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">Deployments</h1>
        <p className="text-[13px] text-muted-foreground">What runs in each environment, and every deployment pipelines recorded, newest first. Updates live.</p>
      </div>

      <section aria-labelledby="environments-heading" className="grid gap-2">
        <h2 id="environments-heading" className="text-base font-semibold">
          Environments
        </h2>
        <QueryState query={environments} label="environments" rows={2}>
          {() =>
            envs.length === 0 ? (
              <EmptyState title="No environments yet">
                Admins define environments (development, staging, production…) under Administration → Environments.
                <DemoHint />
              </EmptyState>
            ) : (
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                {envs.map((env, i) => (
                  <li key={env.id}>
                    <EnvironmentCard
                      env={env}
                      selected={search.env === env.id}
                      query={latest[i]}
                      components={components}
                      onShow={() => setSearch({ env: search.env === env.id ? undefined : env.id })}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>

      <section aria-labelledby="feed-heading" className="grid gap-3">
        <h2 id="feed-heading" className="text-base font-semibold">
          Feed
        </h2>
        <div role="group" aria-label="Filter deployments" className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,14rem)_1fr]">
          <Field label="Environment">
            {(id) => (
              <Select id={id} value={search.env ?? ''} onChange={(e) => setSearch({ env: e.target.value || undefined })}>
                <option value="">All environments</option>
                {envs.map((e) => (
                  <option key={e.id} value={e.id}>
                    {e.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Status">
            {(id) => (
              <Select id={id} value={search.status ?? ''} onChange={(e) => setSearch({ status: (e.target.value || undefined) as DeploymentsSearch['status'] })}>
                <option value="">All statuses</option>
                {DEPLOYMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s.replaceAll('_', ' ')}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {search.component && (
            <div className="flex flex-wrap items-center gap-2 text-[13px]">
              <span>
                Component: <ComponentName id={search.component} components={components} />
              </span>
              <Button variant="secondary" size="sm" onClick={() => setSearch({ component: undefined })}>
                <X aria-hidden className="size-3.5" /> Show every component
              </Button>
            </div>
          )}
        </div>
        <QueryState query={feed} label="deployments" rows={6}>
          {(loaded) =>
            loaded.total === 0 ? (
              <EmptyState title={search.env || search.component || search.status ? 'No deployment matches these filters' : 'No deployments yet'}>
                {search.env || search.component || search.status
                  ? 'Clear a filter to see more.'
                  : 'A pipeline with a deploy stage records a deployment each time it runs; they appear here as they happen.'}
              </EmptyState>
            ) : (
              <>
                <FeedTable rows={loaded.data} components={components} envName={envName} onComponent={(id) => setSearch({ component: id })} />
                <Pager
                  skip={loaded.skip}
                  shown={loaded.data.length}
                  total={loaded.total}
                  onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })}
                />
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}

function EnvironmentCard({
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
      className={cn('grid h-full content-start gap-2 rounded-lg border p-3', selected && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={`env-${env.id}`} className="text-sm font-semibold">
          <Link to="/environments/$environmentId" params={{ environmentId: env.id }} className="text-primary hover:underline">
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
          <Filter aria-hidden className="size-3.5" /> {selected ? `Showing ${env.name}` : `Show ${env.name} in the feed`}
        </Button>
      </div>
    </article>
  );
}
