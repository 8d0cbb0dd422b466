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

const NODE_SEP = 14;
const RANK_SEP = 90;
/** Nodes connected exactly alike are laid out as one block from this many on. */
const MIN_BLOCK = 4;

/** Lines of a block of `count` nodes: about as many as make it square-ish, at least one. */
export const blockLines = (count: number) => Math.max(1, Math.round(Math.sqrt(count / 3)));

/**
 * Nodes with the same neighbours in the same directions (the 300 parts of a system, the 80 components
 * an API serves) are interchangeable for the layout: dagre places one block for each such class, sized
 * to hold its members in a grid, and the members fill the block in name order. A hub with hundreds of
 * spokes is then a graph of a few nodes: it lays out in milliseconds, without a line 18,000 px long.
 */
function equivalenceClasses(input: LayoutInput): Map<string, string[]> {
  const signature = new Map<string, string[]>(input.nodes.map((n) => [n.id, []]));
  for (const e of input.edges) {
    signature.get(e.source)?.push(`>${e.target}`);
    signature.get(e.target)?.push(`<${e.source}`);
  }
  const classes = new Map<string, string[]>();
  for (const [id, parts] of signature) {
    const key = parts.length ? parts.sort().join('|') : `alone:${id}`;
    classes.set(key, [...(classes.get(key) ?? []), id]);
  }
  return classes;
}

export function computeLayout(input: LayoutInput): LayoutOutput {
  const { nodes, edges, direction } = input;
  const horizontal = direction === 'LR';
  const size = new Map(nodes.map((n) => [n.id, n]));
  const blockOf = new Map<string, string>();
  const blocks = new Map<
    string,
    { members: string[]; width: number; height: number; lines: number; perLine: number }
  >();
  for (const members of equivalenceClasses(input).values()) {
    if (members.length < MIN_BLOCK) continue;
    members.sort();
    const id = `block:${members[0]}`;
    const lines = blockLines(members.length);
    const perLine = Math.ceil(members.length / lines);
    const w = Math.max(...members.map((m) => size.get(m)!.width));
    const h = Math.max(...members.map((m) => size.get(m)!.height));
    // LR: lines are columns side by side; TB: lines are rows stacked.
    const width = horizontal ? lines * w + (lines - 1) * NODE_SEP * 3 : perLine * (w + NODE_SEP) - NODE_SEP;
    const height = horizontal ? perLine * (h + NODE_SEP) - NODE_SEP : lines * h + (lines - 1) * NODE_SEP * 3;
    blocks.set(id, { members, width, height, lines, perLine });
    for (const m of members) blockOf.set(m, id);
  }

  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: direction, nodesep: NODE_SEP, ranksep: RANK_SEP, edgesep: 8, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) if (!blockOf.has(n.id)) g.setNode(n.id, { width: n.width, height: n.height });
  for (const [id, b] of blocks) g.setNode(id, { width: b.width, height: b.height });
  const seen = new Set<string>();
  for (const e of edges) {
    const source = blockOf.get(e.source) ?? e.source;
    const target = blockOf.get(e.target) ?? e.target;
    const key = `${source}>${target}`;
    if (seen.has(key) || !g.hasNode(source) || !g.hasNode(target) || source === target) continue;
    seen.add(key);
    g.setEdge(source, target, {}, key);
  }
  dagre.layout(g);

  const positions: LayoutOutput['positions'] = {};
  for (const n of nodes) {
    if (blockOf.has(n.id)) continue;
    const p = g.node(n.id);
    positions[n.id] = { x: p.x - n.width / 2, y: p.y - n.height / 2 };
  }
  for (const [id, b] of blocks) {
    const p = g.node(id);
    const left = p.x - b.width / 2;
    const top = p.y - b.height / 2;
    b.members.forEach((m, i) => {
      const { width: w, height: h } = size.get(m)!;
      const line = Math.floor(i / b.perLine);
      const slot = i % b.perLine;
      positions[m] = horizontal
        ? { x: left + line * (w + NODE_SEP * 3), y: top + slot * (h + NODE_SEP) }
        : { x: left + slot * (w + NODE_SEP), y: top + line * (h + NODE_SEP * 3) };
    });
  }
  const label = g.graph();
  return { positions, width: label.width ?? 0, height: label.height ?? 0 };
}
