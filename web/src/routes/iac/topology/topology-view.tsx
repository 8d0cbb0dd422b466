// The stack's resource topology: React Flow (the relations graph's renderer, dagre in a worker) for
// small graphs, Cytoscape on a canvas with worker-computed positions from SMALL_GRAPH nodes on
// (decision 764). Beside it, a search and the selected resource's dependencies in both directions:
// the text alternative of the drawing, usable from the keyboard.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useStackResources } from '../queries';
import type { GraphData } from '../../../components/graph/graph-model';
import { TextField } from '../../../components/ui/input';
import { QueryState } from '../../../components/ui/query-state';
import { Loading } from '../../../components/ui/states';
import { useTheme } from '../../../lib/theme';
import { useTopologyLayout } from './use-topology-layout';
import { buildTopology, findNodes, neighbours, type TopologyModel } from './topology-model';
import { formatNumber } from '../../../lib/format';

/** Below this many nodes the DOM renderer (React Flow) draws the graph; from it on, Cytoscape's canvas. */
export const SMALL_GRAPH = 300;
/** From this many nodes, the plain canvas renderer: Cytoscape's per-element cost grows too large (decision 765). */
export const HUGE_GRAPH = 5000;

const RelationsGraph = lazy(() =>
  import('../../../components/graph/relations-graph').then((m) => ({ default: m.RelationsGraph })),
);
const loadCanvas = () => import('./topology-canvas');
const TopologyCanvas = lazy(loadCanvas);
const loadPlainCanvas = () => import('./topology-plain-canvas');
const TopologyPlainCanvas = lazy(loadPlainCanvas);

const asGraph = (model: TopologyModel, selected: number | undefined): GraphData => ({
  nodes: model.nodes.map((n, i) => ({
    id: `resource:${n.address}`,
    kind: n.type,
    namespace: n.provider,
    name: n.address,
    entityId: null,
    center: i === selected,
  })),
  edges: Array.from({ length: model.edges.length / 2 }, (_, k) => ({
    id: `e${k}`,
    source: `resource:${model.nodes[model.edges[2 * k]!]!.address}`,
    target: `resource:${model.nodes[model.edges[2 * k + 1]!]!.address}`,
    type: 'dependsOn',
  })),
});

function NodeButton({ model, node, onSelect }: { model: TopologyModel; node: number; onSelect: (n: number) => void }) {
  const n = model.nodes[node]!;
  return (
    <button
      type="button"
      onClick={() => onSelect(node)}
      className="block min-h-6 w-full truncate rounded px-1.5 py-0.5 text-left font-mono text-xs hover:bg-muted"
      title={n.address}
    >
      {n.address}
    </button>
  );
}

function Details({ model, node, onSelect }: { model: TopologyModel; node: number; onSelect: (n: number) => void }) {
  const n = model.nodes[node]!;
  const { dependsOn, dependents } = useMemo(() => neighbours(model, node), [model, node]);
  const list = (title: string, items: number[]) => (
    <div>
      <h3 className="text-xs font-medium text-muted-foreground">
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="text-xs text-muted-foreground">none</p>
      ) : (
        <ul className="max-h-40 overflow-y-auto">
          {items.slice(0, 100).map((i) => (
            <li key={i}>
              <NodeButton model={model} node={i} onSelect={onSelect} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section aria-label="Selected resource" className="grid gap-2 rounded-lg border p-3 text-[13px]">
      <h2 className="font-mono text-sm font-semibold break-all">{n.address}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">Type</dt>
        <dd className="font-mono">{n.type}</dd>
        <dt className="text-muted-foreground">Name</dt>
        <dd className="font-mono">{n.name}</dd>
        <dt className="text-muted-foreground">Provider</dt>
        <dd className="font-mono break-all">{n.provider}</dd>
      </dl>
      {list('Depends on', dependsOn)}
      {list('Depended on by', dependents)}
    </section>
  );
}

type Select = (n: number) => void;

/** The search beside the drawing, then the selected resource's dependencies: the drawing's text alternative. */
function ResourcePanel({ model, selected, onSelect }: { model: TopologyModel; selected?: number; onSelect: Select }) {
  const [q, setQ] = useState('');
  const found = useMemo(() => findNodes(model, q, 50), [model, q]);
  return (
    <div className="grid content-start gap-3">
      <TextField
        label="Find a resource"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Address or type"
      />
      {q.trim() && (
        <div>
          {found.length === 0 ? (
            <p className="text-xs text-muted-foreground">No resource matches.</p>
          ) : (
            <ul aria-label="Matching resources" className="max-h-48 overflow-y-auto">
              {found.map((i) => (
                <li key={i}>
                  <NodeButton model={model} node={i} onSelect={onSelect} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {selected !== undefined ? (
        <Details model={model} node={selected} onSelect={onSelect} />
      ) : (
        <p className="text-xs text-muted-foreground">
          Find or click a resource to see what it depends on and what depends on it.
        </p>
      )}
    </div>
  );
}

/** A large graph on a canvas (the plain one when huge), once its layout has been computed in the worker. */
function CanvasDrawing({
  model,
  layout,
  huge,
  selected,
  onSelect,
  dark,
}: {
  model: TopologyModel;
  layout: ReturnType<typeof useTopologyLayout>;
  huge: boolean;
  selected?: number;
  onSelect: Select;
  dark: boolean;
}) {
  const Canvas = huge ? TopologyPlainCanvas : TopologyCanvas;
  return (
    <div
      className="relative h-[min(70vh,600px)] min-h-80 overflow-hidden rounded-lg border bg-background"
      data-testid="topology-canvas"
    >
      {layout ? (
        <Suspense fallback={<Loading rows={3} label="Loading the graph renderer" className="p-4" />}>
          <Canvas model={model} layout={layout} selected={selected} onSelect={onSelect} dark={dark} />
        </Suspense>
      ) : (
        <Loading rows={3} label="Laying out the topology" className="p-4" />
      )}
    </div>
  );
}

/** Fetches the canvas renderer while the data and the layout are on their way, and marks the first paint's stages. */
function useCanvasPreload(large: boolean, huge: boolean, model: unknown, layout: unknown) {
  useEffect(() => {
    if (large) void (huge ? loadPlainCanvas() : loadCanvas());
  }, [large, huge]);
  // Stages of a large graph's first paint, read by the bench (bench/scenarios/portal-topology.ts).
  useEffect(() => {
    if (large) performance.mark('topology-data');
  }, [large, model]);
  useEffect(() => {
    if (layout) performance.mark('topology-layout');
  }, [layout]);
}

export function TopologyView({
  stackId,
  stackName,
  selectedAddress,
  onSelect,
}: {
  stackId: string;
  stackName: string;
  selectedAddress?: string;
  onSelect: (address: string) => void;
}) {
  const resources = useStackResources(stackId);
  const model = useMemo(() => (resources.data ? buildTopology(resources.data) : undefined), [resources.data]);
  const large = (model?.nodes.length ?? 0) >= SMALL_GRAPH;
  const huge = (model?.nodes.length ?? 0) >= HUGE_GRAPH;
  const layout = useTopologyLayout(model, large);
  const dark = useTheme() === 'dark';
  const selected = model && selectedAddress !== undefined ? model.index.get(selectedAddress) : undefined;
  const graph = useMemo(() => (model && !large ? asGraph(model, selected) : undefined), [model, large, selected]);
  const select = (i: number) => model && onSelect(model.nodes[i]!.address);
  useCanvasPreload(large, huge, model, layout);

  return (
    <QueryState
      query={resources}
      label="topology"
      isEmpty={(t) => t.nodes.length === 0}
      empty={{
        title: 'No topology reported',
        body: 'The IaC automation reports the stack’s resources with POST /api/v1/iac/stacks/:id/resources/ingest.',
      }}
    >
      {() => (
        <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <figure aria-label={`Resource topology of ${stackName}`} className="m-0 grid gap-1">
            <figcaption className="text-[13px] text-muted-foreground">
              {formatNumber(model!.nodes.length)} resources, {formatNumber(model!.edges.length / 2)} dependencies
              {model!.dangling > 0 && `, ${model!.dangling} to resources not reported`}. Each resource is drawn left of
              what it depends on
              {large ? '; drawn on a canvas: scroll to zoom, drag to pan, click a resource for its details.' : '.'}
            </figcaption>
            {large ? (
              <CanvasDrawing
                model={model!}
                layout={layout}
                huge={huge}
                selected={selected}
                onSelect={select}
                dark={dark}
              />
            ) : (
              <Suspense fallback={<Loading rows={3} label="Loading the graph" />}>
                <RelationsGraph graph={graph!} direction="LR" dark={dark} label={`Resource graph of ${stackName}`} />
              </Suspense>
            )}
          </figure>
          <ResourcePanel model={model!} selected={selected} onSelect={select} />
        </div>
      )}
    </QueryState>
  );
}
