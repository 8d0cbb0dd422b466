// One API (a catalog entity of kind API): header, its spec versions, the reference, the diff between
// versions and consumers. The entity page's other sections are one link away.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEntity } from '../../api/queries/entity';
import { ApiError } from '../../api/client';
import { Badge, LifecycleBadge } from '../../components/ui/badge';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { SpecPanel } from './spec-panel';

const route = getRouteApi('/app/apis/$namespace/$name');

export function ApiPage() {
  const { namespace, name } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const entity = useEntity('api', namespace, name);

  if (entity.isPending) return <Loading rows={6} label={`Loading API ${namespace}/${name}`} />;
  if (entity.error)
    return entity.error instanceof ApiError && entity.error.status === 404 ? (
      <EmptyState
        title={`No API named ${namespace}/${name}`}
        action={
          <Link to="/apis" className="text-[13px] text-primary hover:underline">
            All APIs
          </Link>
        }
      >
        It may have been removed, or the reference is misspelled.
      </EmptyState>
    ) : (
      <ErrorState error={entity.error} onRetry={() => void entity.refetch()} />
    );
  if (entity.data.type !== 'entity') return <EmptyState title={`${namespace}/${name} is not an API`} />;
  const api = entity.data.entity;
  return (
    <div className="grid grid-cols-1 gap-4">
      <header className="grid gap-2">
        <nav aria-label="Breadcrumb" className="text-xs text-muted-foreground">
          <ol className="flex items-center gap-1">
            <li>
              <Link to="/apis" className="hover:underline">
                APIs
              </Link>
            </li>
            <li aria-hidden>/</li>
            <li aria-current="page">
              {api.namespace}/{api.name}
            </li>
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-xl font-semibold tracking-tight">{api.title || api.name}</h1>
          {api.type && <Badge tone="primary">{api.type}</Badge>}
          <LifecycleBadge lifecycle={api.lifecycle} />
          <Link
            to="/catalog/$kind/$namespace/$name"
            params={{ kind: 'api', namespace: api.namespace, name: api.name }}
            className="ml-auto text-[13px] text-primary hover:underline"
          >
            Relations, incidents and routes →
          </Link>
        </div>
        {api.description && <p className="max-w-3xl text-[13px] text-muted-foreground">{api.description}</p>}
      </header>
      <SpecPanel componentId={api.id} search={search} onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })} />
    </div>
  );
}
