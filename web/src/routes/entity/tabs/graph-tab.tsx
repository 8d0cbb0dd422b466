// The relations graph tab: filters (relation type, entity kind, one or two hops, direction) in the URL,
// the graph itself loaded as its own chunk.
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import type { CatalogEntity, Relation } from '../queries';
import { useRelationsOf } from '../queries';
import { buildGraph, graphFacets, parseRef } from '../../../components/graph/graph-model';
import { Loading } from '../../../components/ui/states';
import { useTheme } from '../../../lib/theme';
import type { EntitySearch } from '../entity-search';
import { QueryView } from './tab-states';

const RelationsGraph = lazy(() =>
  import('../../../components/graph/relations-graph').then((m) => ({ default: m.RelationsGraph })),
);

/** Kinds whose relations the second hop can read (teams and people have no relations endpoint). */
const CATALOG_KINDS = new Set(['component', 'api', 'resource', 'system', 'domain']);
/** The second hop reads at most this many neighbours (decision 171). */
export const SECOND_HOP_LIMIT = 150;

function ChipGroup({
  legend,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  options: [string, number][];
  selected?: string[];
  onToggle: (value: string) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="mr-1 float-left text-xs font-medium text-muted-foreground">{legend}</legend>
      {options.map(([value, count]) => {
        const on = !selected || selected.includes(value);
        return (
          <label
            key={value}
            className={
              'inline-flex cursor-pointer items-center gap-1 rounded-full border px-2 py-0.5 text-xs has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring ' +
              (on ? 'border-primary bg-accent text-accent-foreground' : 'text-muted-foreground')
            }
          >
            <input type="checkbox" className="sr-only" checked={on} onChange={() => onToggle(value)} />
            {value} <span className="tabular-nums opacity-70">{count}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

/**
 * The graph of the entity's relations and, at two hops, its neighbours' (the first SECOND_HOP_LIMIT of
 * them), with the relation types and kinds the filters offer and count.
 */
function useRelationsGraph(entity: CatalogEntity, relations: UseQueryResult<Relation[]>, search: EntitySearch) {
  const depth = search.depth ?? 1;
  const neighbours = useMemo(
    () =>
      [
        ...new Set(
          (relations.data ?? [])
            .filter((r) => r.targetId && CATALOG_KINDS.has(parseRef(r.target).kind))
            .map((r) => r.targetId!),
        ),
      ].slice(0, SECOND_HOP_LIMIT),
    [relations.data],
  );
  const hop = useRelationsOf(depth === 2 ? neighbours : []);
  const hopPending = hop.pending;
  const rows = useMemo(() => [...(relations.data ?? []), ...hop.rows], [relations.data, hop.rows]);
  const facets = useMemo(() => graphFacets(rows), [rows]);
  const graph = useMemo(
    () =>
      buildGraph(entity.entityRef, rows, {
        types: search.rel ? new Set(search.rel) : undefined,
        kinds: search.kinds ? new Set(search.kinds) : undefined,
      }),
    [entity.entityRef, rows, search.rel, search.kinds],
  );

  return { depth, neighbours, hopPending, facets, graph };
}

/** Two hops or one, the layout's direction, and what is drawn (announced as it changes). */
function GraphOptions({
  search,
  set,
  summary,
}: {
  search: EntitySearch;
  set: (patch: Partial<EntitySearch>) => void;
  summary: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-4 text-xs">
      <label className="inline-flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={search.depth === 2}
          onChange={(e) => set({ depth: e.target.checked ? 2 : undefined })}
        />
        Include neighbours&apos; relations (2 hops)
      </label>
      <label className="inline-flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={search.dir === 'TB'}
          onChange={(e) => set({ dir: e.target.checked ? 'TB' : undefined })}
        />
        Top to bottom
      </label>
      <span className="text-muted-foreground" aria-live="polite">
        {summary}
      </span>
    </div>
  );
}

export function GraphTab({
  entity,
  relations,
  search,
}: {
  entity: CatalogEntity;
  relations: UseQueryResult<Relation[]>;
  search: EntitySearch;
}) {
  const navigate = useNavigate({ from: '/catalog/$kind/$namespace/$name' });
  const theme = useTheme();
  const { depth, neighbours, hopPending, facets, graph } = useRelationsGraph(entity, relations, search);

  const toggle = (key: 'rel' | 'kinds', all: string[], value: string) =>
    void navigate({
      search: (prev) => {
        const current = prev[key] ?? all;
        const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
        return { ...prev, [key]: next.length === all.length || next.length === 0 ? undefined : next };
      },
      replace: true,
    });
  const set = (patch: Partial<EntitySearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  return (
    <QueryView
      query={relations}
      label="relations"
      isEmpty={(r) => r.length === 0}
      empty={{ title: 'No relations to draw', body: 'This entity has no relations yet.' }}
    >
      {() => (
        <div className="grid grid-cols-1 gap-3">
          <div className="grid gap-2 rounded-lg border p-3" role="group" aria-label="Graph filters">
            <ChipGroup
              legend="Relations"
              options={facets.types}
              selected={search.rel}
              onToggle={(v) =>
                toggle(
                  'rel',
                  facets.types.map(([t]) => t),
                  v,
                )
              }
            />
            <ChipGroup
              legend="Kinds"
              options={facets.kinds}
              selected={search.kinds}
              onToggle={(v) =>
                toggle(
                  'kinds',
                  facets.kinds.map(([k]) => k),
                  v,
                )
              }
            />
            <GraphOptions
              search={search}
              set={set}
              summary={
                `${graph.nodes.length} entities, ${graph.edges.length} relations` +
                (depth === 2 && hopPending ? ' (loading neighbours…)' : '') +
                (depth === 2 && neighbours.length === SECOND_HOP_LIMIT ? ` (first ${SECOND_HOP_LIMIT} neighbours)` : '')
              }
            />
          </div>
          <Suspense fallback={<Loading rows={4} label="Loading the graph" />}>
            <RelationsGraph
              graph={graph}
              direction={search.dir ?? 'LR'}
              dark={theme === 'dark'}
              label={`Relations graph of ${entity.entityRef}`}
            />
          </Suspense>
        </div>
      )}
    </QueryView>
  );
}
