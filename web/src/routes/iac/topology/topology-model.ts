// The topology as indexed data: nodes in display order (type, then address), edges as index pairs, and
// the neighbours of one node. Pure, unit-tested.
import type { Topology } from '../queries';

export type ResourceNode = Topology['nodes'][number];

export interface TopologyModel {
  nodes: ResourceNode[];
  index: Map<string, number>;
  /** [source0, target0, source1, target1, …] */
  edges: Uint32Array;
  /** Edges whose ends are not among the nodes (never drawn; counted so the page can say so). */
  dangling: number;
}

export function buildTopology(topology: Topology): TopologyModel {
  const nodes = [...topology.nodes].sort((a, b) =>
    a.type === b.type ? (a.address < b.address ? -1 : a.address > b.address ? 1 : 0) : a.type < b.type ? -1 : 1,
  );
  const index = new Map(nodes.map((n, i) => [n.address, i]));
  const edges = new Uint32Array(topology.edges.length * 2);
  let k = 0;
  let dangling = 0;
  for (const e of topology.edges) {
    const s = index.get(e.source);
    const t = index.get(e.target);
    if (s === undefined || t === undefined) {
      dangling++;
      continue;
    }
    edges[k++] = s;
    edges[k++] = t;
  }
  return { nodes, index, edges: edges.subarray(0, k), dangling };
}

/** What a node depends on (its edges' targets) and what depends on it (their sources), in node order. */
export function neighbours(model: TopologyModel, node: number): { dependsOn: number[]; dependents: number[] } {
  const dependsOn: number[] = [];
  const dependents: number[] = [];
  const { edges } = model;
  for (let i = 0; i < edges.length; i += 2) {
    if (edges[i] === node) dependsOn.push(edges[i + 1]!);
    if (edges[i + 1] === node) dependents.push(edges[i]!);
  }
  return { dependsOn: dependsOn.sort((a, b) => a - b), dependents: dependents.sort((a, b) => a - b) };
}

/** Nodes whose address or type contains the text (case-insensitive), first `limit` in node order. */
export function findNodes(model: TopologyModel, text: string, limit = 50): number[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  const found: number[] = [];
  for (let i = 0; i < model.nodes.length && found.length < limit; i++) {
    const n = model.nodes[i]!;
    if (n.address.toLowerCase().includes(needle) || n.type.toLowerCase().includes(needle)) found.push(i);
  }
  return found;
}
