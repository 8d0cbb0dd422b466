// One API (a catalog entity of kind API): header, its spec versions, the reference, the diff between
// versions and consumers. The entity page's other sections are one link away.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEntity } from '../catalog';
import { Badge, LifecycleBadge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { SpecPanel } from './spec-panel';
import { TextLink } from '../../components/ui/text-link';

const route = getRouteApi('/app/apis/$namespace/$name');

export function ApiPage() {
  const { namespace, name } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const entity = useEntity('api', namespace, name);

  return (
    <QueryState
      query={entity}
      label={`API ${namespace}/${name}`}
      notFound={{
        title: `No API named ${namespace}/${name}`,
        body: 'It may have been removed, or the reference is misspelled.',
        action: <TextLink to="/apis">All APIs</TextLink>,
      }}
    >
      {(found) => {
        if (found.type !== 'entity') return <EmptyState title={`${namespace}/${name} is not an API`} />;
        const api = found.entity;
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
            <SpecPanel
              componentId={api.id}
              search={search}
              onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
            />
          </div>
        );
      }}
    </QueryState>
  );
}
