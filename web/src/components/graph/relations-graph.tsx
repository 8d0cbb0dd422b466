// The relations graph: React Flow over the nodes and edges of graph-model.ts, positioned by dagre in a
// worker. Loaded as its own chunk (React Flow and dagre stay off every other page). Nodes carry real
// links, so the graph works from the keyboard; the relations table next to it is the text alternative.
import '@xyflow/react/dist/style.css';
import { Link } from '@tanstack/react-router';
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import { memo, useMemo } from 'react';
import { Loading } from '../ui/states';
import type { GraphData, GraphNode } from './graph-model';
import { linkForRef } from './graph-model';
import { useGraphLayout } from './use-graph-layout';

const NODE_WIDTH = 210;
const NODE_HEIGHT = 46;
/** Edge labels only while they stay readable; past this the colour and the legend tell the type. */
const LABEL_LIMIT = 60;

/** One colour per relation type, distinguishable in both themes. */
export const RELATION_COLORS: Record<string, string> = {
  ownedBy: '#6366f1',
  partOf: '#0ea5e9',
  providesApi: '#16a34a',
  consumesApi: '#d97706',
  dependsOn: '#db2777',
  childOf: '#7c3aed',
  memberOf: '#64748b',
};
export const relationColor = (type: string) => RELATION_COLORS[type] ?? '#94a3b8';

// A mapped copy: React Flow wants node data indexable, which an interface is not.
type EntityNodeData = { [K in keyof GraphNode]: GraphNode[K] } & { direction: 'LR' | 'TB' };

const EntityNode = memo(function EntityNode({ data }: NodeProps<Node<EntityNodeData>>) {
  const link = linkForRef(data.id, data.entityId);
  const horizontal = data.direction === 'LR';
  const label = (
    <>
      <span className="block truncate text-[10px] tracking-wide text-muted-foreground uppercase">{data.kind}</span>
      <span className="block truncate text-[13px] font-medium">{data.name}</span>
    </>
  );
  return (
    <div
      className={
        'h-full w-full rounded-md border bg-card px-2.5 py-1 text-left shadow-sm ' +
        (data.center ? 'border-primary ring-2 ring-primary/40' : 'border-border')
      }
      title={data.id}
    >
      <Handle
        type="target"
        position={horizontal ? Position.Left : Position.Top}
        isConnectable={false}
        className="!opacity-0"
      />
      {link && !data.center ? (
        <Link
          {...link}
          className="nodrag block rounded hover:underline"
          aria-label={`${data.kind} ${data.namespace}/${data.name}`}
        >
          {label}
        </Link>
      ) : (
        <div>{label}</div>
      )}
      <Handle
        type="source"
        position={horizontal ? Position.Right : Position.Bottom}
        isConnectable={false}
        className="!opacity-0"
      />
    </div>
  );
});

const nodeTypes = { entity: EntityNode };

export interface RelationsGraphProps {
  graph: GraphData;
  direction: 'LR' | 'TB';
  dark: boolean;
  /** Accessible name of the figure. */
  label: string;
}

export function RelationsGraph({ graph, direction, dark, label }: RelationsGraphProps) {
  const input = useMemo(
    () => ({
      nodes: graph.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
      edges: graph.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
      direction,
    }),
    [graph, direction],
  );
  const layout = useGraphLayout(input);

  const { nodes, edges } = useMemo(() => {
    if (layout.status !== 'done') return { nodes: [] as Node<EntityNodeData>[], edges: [] as Edge[] };
    const showLabels = graph.edges.length <= LABEL_LIMIT;
    return {
      nodes: graph.nodes.map((n): Node<EntityNodeData> => ({
        id: n.id,
        type: 'entity',
        position: layout.layout.positions[n.id] ?? { x: 0, y: 0 },
        data: { ...n, direction },
        width: NODE_WIDTH,
        height: NODE_HEIGHT,
        draggable: false,
        selectable: false,
      })),
      edges: graph.edges.map((e): Edge => ({
        id: e.id,
        source: e.source,
        target: e.target,
        label: showLabels ? e.type : undefined,
        style: { stroke: relationColor(e.type), strokeWidth: 1.5 },
        labelStyle: { fontSize: 11, fill: dark ? '#e2e8f0' : '#0f172a' },
        labelBgStyle: { fill: dark ? '#0f172a' : '#ffffff' },
        markerEnd: { type: 'arrowclosed' as never, color: relationColor(e.type) },
        selectable: false,
        focusable: false,
      })),
    };
  }, [layout, graph, direction, dark]);

  if (layout.status === 'error') return <p role="alert">The graph could not be laid out: {layout.message}</p>;
  return (
    <figure
      aria-label={label}
      className="relative m-0 h-[min(70vh,560px)] min-h-80 overflow-hidden rounded-lg border bg-background"
    >
      {layout.status === 'pending' ? (
        <Loading rows={3} label="Laying out the graph" className="p-4" />
      ) : (
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          colorMode={dark ? 'dark' : 'light'}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1.2 }}
          minZoom={0.05}
          onlyRenderVisibleElements={graph.nodes.length > 150}
          nodesDraggable={false}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={18} size={1} />
          <Controls showInteractive={false} position="bottom-right" />
          {graph.nodes.length > 12 && (
            <MiniMap pannable zoomable position="top-right" ariaLabel="Overview of the graph" />
          )}
        </ReactFlow>
      )}
    </figure>
  );
}
