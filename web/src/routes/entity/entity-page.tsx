// The entity page of every catalog kind (Component, API, Resource, System, Domain): its header, then
// tabs chosen by kind (entity-tabs.ts). Teams and people have their own pages; a reference to one
// redirects there.
import { Link, Navigate, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Boxes } from 'lucide-react';
import type { CatalogEntity } from './queries';
import { useRelations } from './queries';
import { useEntity } from '../catalog';
import { parseRef } from '../../components/graph/graph-model';
import { Badge, LifecycleBadge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { SpecPanel } from '../apis';
import { DeleteComponentButton, EditComponentDialog } from '../catalog';
import type { EntitySearch } from './entity-search';
import { tabsFor, type EntityTabId } from './entity-tabs';
import { IncidentsTab, DeploymentsTab, PipelinesTab } from './tabs/delivery-tabs';
import { GraphTab } from './tabs/graph-tab';
import { CostTab, IacTab, RegistryTab } from './tabs/infra-tabs';
import { OverviewTab, RefLink } from './tabs/overview-tab';
import { GatewayTab, KubernetesTab, MeshTab } from './tabs/runtime-tabs';
import { SearchIndicesTab } from './tabs/search-indices-tab';
import { ScorecardBadges, ScorecardsTab } from '../scorecards';
import { TextLink } from '../../components/ui/text-link';

function Owner({ entity }: { entity: CatalogEntity }) {
  if (!entity.owner) return <span className="text-muted-foreground">no owner</span>;
  if (entity.teamId)
    return (
      <Link to="/teams/$teamId" params={{ teamId: entity.teamId }} className="text-primary hover:underline">
        {parseRef(entity.owner, 'group').name}
      </Link>
    );
  if (entity.ownerUserRef) return <RefLink refText={entity.ownerUserRef} entityId={null} />;
  return <span title="No team or person of that name is registered">{entity.owner}</span>;
}

function EntityHeader({ entity }: { entity: CatalogEntity }) {
  // What the caller may do comes with the entity (decision 954): admins and the owning team's members edit, maintainers delete.
  const can = entity.permissions ?? { update: false, delete: false };
  return (
    <header className="grid gap-2">
      <nav aria-label="Breadcrumb" className="text-xs text-muted-foreground">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/catalog" className="hover:underline">
              Catalog
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <Link to="/catalog" search={{ entityKind: entity.entityKind }} className="hover:underline">
              {entity.entityKind}
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page">
            {entity.namespace}/{entity.name}
          </li>
        </ol>
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{entity.title || entity.name}</h1>
        <Badge>{entity.entityKind}</Badge>
        {entity.type && <Badge tone="primary">{entity.type}</Badge>}
        <LifecycleBadge lifecycle={entity.lifecycle} />
        <ScorecardBadges entity={entity} />
        {entity.orphan && (
          <Badge tone="warning" title="The entity disappeared from its location">
            orphan
          </Badge>
        )}
        {(can.update || can.delete) && (
          <div className="ml-auto flex gap-2">
            {can.update && <EditComponentDialog entity={entity} />}
            {can.delete && <DeleteComponentButton entity={entity} />}
          </div>
        )}
      </div>
      {entity.description && <p className="max-w-3xl text-[13px] text-muted-foreground">{entity.description}</p>}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-[13px]">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Owner</dt>
          <dd>
            <Owner entity={entity} />
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Reference</dt>
          <dd className="font-mono">{entity.entityRef}</dd>
        </div>
        {entity.tags.length > 0 && (
          <div className="flex items-center gap-1.5">
            <dt className="text-muted-foreground">Tags</dt>
            <dd className="flex flex-wrap gap-1">
              {entity.tags.map((t) => (
                <Link key={t} to="/catalog" search={{ tag: t }} className="rounded">
                  <Badge tone="primary">{t}</Badge>
                </Link>
              ))}
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}

function TabBody({ id, entity, search }: { id: EntityTabId; entity: CatalogEntity; search: EntitySearch }) {
  const relations = useRelations(entity.id);
  const navigate = useNavigate({ from: '/catalog/$kind/$namespace/$name' });
  switch (id) {
    case 'overview':
      return <OverviewTab entity={entity} relations={relations} />;
    case 'graph':
      return <GraphTab entity={entity} relations={relations} search={search} />;
    case 'api-specs':
      return (
        <SpecPanel
          componentId={entity.id}
          search={search}
          onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })}
        />
      );
    case 'deployments':
      return <DeploymentsTab entity={entity} />;
    case 'pipelines':
      return <PipelinesTab entity={entity} />;
    case 'incidents':
      return <IncidentsTab entity={entity} />;
    case 'iac':
      return <IacTab entity={entity} />;
    case 'cost':
      return <CostTab entity={entity} />;
    case 'registry':
      return <RegistryTab entity={entity} />;
    case 'kubernetes':
      return <KubernetesTab entity={entity} />;
    case 'mesh':
      return <MeshTab entity={entity} />;
    case 'search-indices':
      return <SearchIndicesTab entity={entity} />;
    case 'gateway':
      return <GatewayTab entity={entity} />;
    case 'scorecards':
      return <ScorecardsTab entity={entity} />;
  }
}

export function EntityPage() {
  const { kind, namespace, name } = useParams({ from: '/app/catalog/$kind/$namespace/$name' });
  const search = useSearch({ from: '/app/catalog/$kind/$namespace/$name' });
  const navigate = useNavigate({ from: '/catalog/$kind/$namespace/$name' });
  const entity = useEntity(kind, namespace, name);

  if (kind.toLowerCase() === 'user') return <Navigate to="/people" search={{ q: name }} replace />;
  return (
    <QueryState
      query={entity}
      label={`${kind} ${namespace}/${name}`}
      notFound={{
        title: `No ${kind} named ${namespace}/${name}`,
        body: 'It may have been removed, or the reference is misspelled.',
        action: (
          <TextLink to="/catalog">
            <Boxes aria-hidden className="mr-1 inline size-4" />
            Browse the catalog
          </TextLink>
        ),
      }}
    >
      {(found) => {
        if (found.type === 'team') return <Navigate to="/teams/$teamId" params={{ teamId: found.id }} replace />;
        if (found.type === 'person') return <Navigate to="/people" search={{ q: found.name }} replace />;
        return (
          <EntityView
            entity={found.entity}
            search={search}
            onTab={(tab) =>
              void navigate({ search: (prev) => ({ ...prev, tab: tab === 'overview' ? undefined : tab }) })
            }
          />
        );
      }}
    </QueryState>
  );
}

function EntityView({
  entity: data,
  search,
  onTab,
}: {
  entity: CatalogEntity;
  search: EntitySearch;
  onTab: (tab: string) => void;
}) {
  const tabs = tabsFor(data.entityKind);
  const active = tabs.find((t) => t.id === search.tab)?.id ?? 'overview';
  return (
    <div className="grid grid-cols-1 gap-4">
      <EntityHeader entity={data} />
      <Tabs value={active} onValueChange={onTab}>
        <TabsList aria-label="Entity sections">
          {tabs.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.id} value={t.id}>
            {t.id === active && <TabBody id={t.id} entity={data} search={search} />}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
