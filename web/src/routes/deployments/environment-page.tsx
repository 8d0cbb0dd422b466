// One environment: its details, what runs there now (the latest deployment of each component) and
// its own deployments feed (the shared feed table, paged and filtered by status in the URL).
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import {
  useComponentsById,
  useDeploymentFeed,
  useEnvironment,
  useLatestByEnvironment,
  type Deployment,
  type EnvironmentDetail,
} from './queries';
import { Badge } from '../../components/ui/badge';
import { Field, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { Details, notFoundNotice } from './details';
import { DEPLOYMENT_STATUSES, FEED_PAGE_SIZE, latestPerComponent, type DeploymentStatus } from './deployments-search';
import { ComponentName, FeedTable, Pager, StatusBadge, type ComponentMap } from './feed';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/environments/$environmentId');

export function EnvironmentPage() {
  const { environmentId } = route.useParams();
  const environment = useEnvironment(environmentId);
  return (
    <QueryState query={environment} label="the environment" notFound={notFoundNotice('environment')}>
      {(env) => <EnvironmentView env={env} />}
    </QueryState>
  );
}

function EnvironmentHeading({ env }: { env: EnvironmentDetail }) {
  return (
    <div className="grid gap-2">
      <Link
        to="/deployments"
        className="flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:underline"
      >
        <ArrowLeft aria-hidden className="size-3.5" /> Deployments
      </Link>
      <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight break-words">
        {env.name} <Badge tone={env.type === 'production' ? 'primary' : 'neutral'}>{env.type}</Badge>
      </h1>
      {env.description && <p className="text-sm whitespace-pre-wrap">{env.description}</p>}
    </div>
  );
}

function EnvironmentDetails({ env }: { env: EnvironmentDetail }) {
  const metadata = Object.entries(env.metadata ?? {});
  return (
    <section aria-labelledby="environment-details" className="grid gap-3">
      <h2 id="environment-details" className="text-base font-semibold">
        Details
      </h2>
      <Details
        items={[
          ['Type', env.type],
          ['Order', String(env.order)],
          ['Created', <time dateTime={env.createdAt}>{formatDateTime(env.createdAt)}</time>],
          ['Last change', <time dateTime={env.updatedAt}>{formatDateTime(env.updatedAt)}</time>],
          ...metadata.map(([key, value]): [string, string] => [
            key,
            typeof value === 'string' ? value : JSON.stringify(value),
          ]),
          [
            'DORA',
            <Link to="/dora" search={{ scope: 'environment', id: env.id }} className="text-primary hover:underline">
              The four keys of {env.name}
            </Link>,
          ],
        ]}
      />
    </section>
  );
}

function RunningNow({
  env,
  latest,
  current,
  components,
}: {
  env: EnvironmentDetail;
  latest: ReturnType<typeof useLatestByEnvironment>[number] | undefined;
  current: Deployment[];
  components: ComponentMap;
}) {
  return (
    <section aria-labelledby="environment-now" className="grid gap-2">
      <h2 id="environment-now" className="text-base font-semibold">
        Running now
      </h2>
      {!latest || latest.isPending ? (
        <Loading rows={2} label="Loading what runs here" />
      ) : latest.isError ? (
        <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
      ) : current.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">Nothing deployed here yet.</p>
      ) : (
        <ul aria-label={`Latest in ${env.name}`} className="grid gap-1.5 text-[13px]">
          {current.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <ComponentName id={d.componentId} components={components} />
              <Link
                to="/deployments/$deploymentId"
                params={{ deploymentId: d.id }}
                className="font-mono text-xs text-primary hover:underline"
              >
                {d.version}
              </Link>
              <StatusBadge status={d.status} />
              <span className="text-xs text-muted-foreground">{formatDateTime(d.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The feed's status filter, in the URL (a change goes back to the first page). */
function StatusFilter() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <div className="w-full max-w-56">
      <Field label="Status">
        {(id) => (
          <Select
            id={id}
            value={search.status ?? ''}
            onChange={(e) =>
              void navigate({ search: e.target.value ? { status: e.target.value as DeploymentStatus } : {} })
            }
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
    </div>
  );
}

function EnvironmentView({ env }: { env: EnvironmentDetail }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const page = search.page ?? 1;
  const feed = useDeploymentFeed({
    environmentId: env.id,
    ...(search.status ? { status: search.status } : {}),
    skip: (page - 1) * FEED_PAGE_SIZE,
    take: FEED_PAGE_SIZE,
  });
  const [latest] = useLatestByEnvironment([env.id]);
  const latestRows = latest?.data?.data;
  const current = useMemo(() => latestPerComponent(latestRows ?? []), [latestRows]);
  const componentIds = useMemo(
    () =>
      [...new Set([...current.map((d) => d.componentId), ...(feed.data?.data ?? []).map((d) => d.componentId)])].sort(),
    [current, feed.data],
  );
  const components = useComponentsById(componentIds);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EnvironmentHeading env={env} />

      <EnvironmentDetails env={env} />

      <RunningNow env={env} latest={latest} current={current} components={components} />

      <section aria-labelledby="environment-feed" className="grid gap-3">
        <h2 id="environment-feed" className="text-base font-semibold">
          Deployments
        </h2>
        <StatusFilter />
        <QueryState query={feed} label="deployments" rows={6}>
          {(loaded) =>
            loaded.total === 0 ? (
              <EmptyState
                title={search.status ? 'No deployment matches this status' : `No deployments to ${env.name} yet`}
              >
                {search.status
                  ? 'Choose another status.'
                  : 'A pipeline whose deploy stage targets this environment records one each time it runs.'}
              </EmptyState>
            ) : (
              <>
                <FeedTable rows={loaded.data} components={components} envName={() => env.name} />
                <Pager
                  skip={loaded.skip}
                  shown={loaded.data.length}
                  total={loaded.total}
                  onPage={(p) => void navigate({ search: (prev) => ({ ...prev, page: p > 1 ? p : undefined }) })}
                />
              </>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
