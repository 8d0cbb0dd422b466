// Deployments and environments: what runs in each environment now (the latest deployment of each
// component there), and the feed of deployments filtered by environment, component and status.
// deployment.* events refresh both live (decision 701).
import { getRouteApi } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useMemo } from 'react';
import {
  useComponentsById,
  useDeploymentFeed,
  useEnvironmentList,
  useLatestByEnvironment,
  type Environment,
} from './queries';
import { Button } from '../../components/ui/button';
import { Field, Select } from '../../components/ui/input';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { DEPLOYMENT_STATUSES, feedQuery, latestPerComponent, type DeploymentsSearch } from './deployments-search';
import { ComponentName, FeedTable, Pager, type ComponentMap } from './feed';
import { EnvironmentCard } from './environment-card';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/deployments');

/** A filter change, back to the feed's first page; empty values leave the URL. */
function useSetSearch() {
  const navigate = route.useNavigate();
  return (patch: Partial<DeploymentsSearch>) =>
    void navigate({
      search: (prev) =>
        Object.fromEntries(
          Object.entries({ ...prev, page: undefined, ...patch }).filter(([, v]) => v !== undefined && v !== ''),
        ),
    });
}

function EnvironmentsSection({
  environments,
  latest,
  components,
  selected,
  onShow,
}: {
  environments: ReturnType<typeof useEnvironmentList>;
  latest: ReturnType<typeof useLatestByEnvironment>;
  components: ComponentMap;
  selected?: string;
  onShow: (environmentId: string) => void;
}) {
  const envs = environments.data?.data ?? [];
  return (
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
                    selected={selected === env.id}
                    query={latest[i]}
                    components={components}
                    onShow={() => onShow(env.id)}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

function FeedFilters({ envs, components }: { envs: Environment[]; components: ComponentMap }) {
  const search = route.useSearch();
  const setSearch = useSetSearch();
  return (
    <div
      role="group"
      aria-label="Filter deployments"
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,14rem)_1fr]"
    >
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
          <Select
            id={id}
            value={search.status ?? ''}
            onChange={(e) => setSearch({ status: (e.target.value || undefined) as DeploymentsSearch['status'] })}
          >
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
  );
}

export function DeploymentsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setSearch = useSetSearch();

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
        <p className="text-[13px] text-muted-foreground">
          What runs in each environment, and every deployment pipelines recorded, newest first. Updates live.
        </p>
      </div>

      <EnvironmentsSection
        environments={environments}
        latest={latest}
        components={components}
        selected={search.env}
        onShow={(id) => setSearch({ env: search.env === id ? undefined : id })}
      />

      <section aria-labelledby="feed-heading" className="grid gap-3">
        <h2 id="feed-heading" className="text-base font-semibold">
          Feed
        </h2>
        <FeedFilters envs={envs} components={components} />
        <QueryState query={feed} label="deployments" rows={6}>
          {(loaded) =>
            loaded.total === 0 ? (
              <EmptyState
                title={
                  search.env || search.component || search.status
                    ? 'No deployment matches these filters'
                    : 'No deployments yet'
                }
              >
                {search.env || search.component || search.status
                  ? 'Clear a filter to see more.'
                  : 'A pipeline with a deploy stage records a deployment each time it runs; they appear here as they happen.'}
              </EmptyState>
            ) : (
              <>
                <FeedTable
                  rows={loaded.data}
                  components={components}
                  envName={envName}
                  onComponent={(id) => setSearch({ component: id })}
                />
                <Pager
                  skip={loaded.skip}
                  shown={loaded.data.length}
                  total={loaded.total}
                  onPage={(page) =>
                    void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) })
                  }
                />
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
