// Layered layout of the relations graph with dagre. Pure and synchronous: it runs in a Web Worker
// (layout.worker.ts) so a graph of hundreds of nodes never blocks the page (decision 172).
import dagre from '@dagrejs/dagre';

export interface LayoutInput {
  nodes: { id: string; width: number; height: number }[];
  edges: { id: string; source: string; target: string }[];
  direction: 'LR' | 'TB';
}

export interface LayoutOutput {
  /** Top-left corner of each node, by id. */
  positions: Record<string, { x: number; y: number }>;
  width: number;
  height: number;
}

export function computeLayout({ nodes, edges, direction }: LayoutInput): LayoutOutput {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: direction, nodesep: 14, ranksep: 90, edgesep: 8, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.width, height: n.height });
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  const positions: LayoutOutput['positions'] = {};
  for (const n of nodes) {
    const p = g.node(n.id);
    positions[n.id] = { x: p.x - n.width / 2, y: p.y - n.height / 2 };
  }
  const label = g.graph();
  return { positions, width: label.width ?? 0, height: label.height ?? 0 };
}
