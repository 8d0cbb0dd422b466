// Positions of a large resource topology, cheap enough for 20,000 nodes: nodes are ranked along their
// dependencies (Kahn's algorithm over edges source → target: a node sits one rank after the last node with an edge to it), and each
// rank is laid out as a block of columns, members in the given order (by type, then address). Linear in
// nodes plus edges; runs in a Web Worker (decision 764). Nodes on a cycle take the rank after the last.

export interface TopologyLayoutInput {
  /** Number of nodes; nodes are 0..count-1, already in display order (type, then address). */
  count: number;
  /** Directed edges as pairs of node indexes: [source0, target0, source1, target1, …]. */
  edges: Uint32Array;
}

export interface TopologyLayout {
  /** Centre of node i: x[i], y[i]. */
  x: Float32Array;
  y: Float32Array;
  ranks: number;
  width: number;
  height: number;
}

export const COLUMN_GAP = 220;
export const ROW_GAP = 44;
const RANK_GAP = 160;

/** How many nodes a column of a rank holds: the square root of the graph's size, at least 12. */
export const rowsPerColumn = (count: number) => Math.max(12, Math.ceil(Math.sqrt(count)));

export function rankNodes(count: number, edges: Uint32Array): Int32Array {
  const indegree = new Int32Array(count);
  const outStart = new Int32Array(count + 1);
  for (let i = 0; i < edges.length; i += 2) {
    outStart[edges[i]! + 1]!++;
    indegree[edges[i + 1]!]!++;
  }
  for (let i = 0; i < count; i++) outStart[i + 1]! += outStart[i]!;
  const cursor = outStart.slice(0, count);
  const out = new Int32Array(edges.length / 2);
  for (let i = 0; i < edges.length; i += 2) out[cursor[edges[i]!]!++] = edges[i + 1]!;

  const rank = new Int32Array(count).fill(-1);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < count; i++)
    if (indegree[i] === 0) {
      queue[tail++] = i;
      rank[i] = 0;
    }
  while (head < tail) {
    const u = queue[head++]!;
    for (let k = outStart[u]!; k < outStart[u + 1]!; k++) {
      const v = out[k]!;
      if (rank[u]! + 1 > rank[v]!) rank[v] = rank[u]! + 1;
      if (--indegree[v]! === 0) queue[tail++] = v;
    }
  }
  let max = 0;
  for (let i = 0; i < count; i++) if (rank[i]! > max) max = rank[i]!;
  for (let i = 0; i < count; i++) if (indegree[i]! > 0) rank[i] = max + 1;
  return rank;
}

export function layoutTopology({ count, edges }: TopologyLayoutInput): TopologyLayout {
  const rank = rankNodes(count, edges);
  let ranks = 0;
  for (let i = 0; i < count; i++) if (rank[i]! + 1 > ranks) ranks = rank[i]! + 1;
  const members = new Int32Array(ranks);
  for (let i = 0; i < count; i++) members[rank[i]!]!++;
  const rows = rowsPerColumn(count);
  // The left edge of each rank's block.
  const left = new Float64Array(ranks);
  let x0 = 0;
  let height = 0;
  for (let r = 0; r < ranks; r++) {
    left[r] = x0;
    const columns = Math.max(1, Math.ceil(members[r]! / rows));
    x0 += columns * COLUMN_GAP + RANK_GAP;
    height = Math.max(height, Math.min(members[r]!, rows) * ROW_GAP);
  }
  const seen = new Int32Array(ranks);
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const r = rank[i]!;
    const k = seen[r]!++;
    const inRank = Math.min(members[r]!, rows);
    x[i] = left[r]! + Math.floor(k / rows) * COLUMN_GAP;
    // Each column centred on the graph's middle line.
    y[i] = (k % rows) * ROW_GAP + (height - inRank * ROW_GAP) / 2;
  }
  return { x, y, ranks, width: Math.max(0, x0 - RANK_GAP), height };
}
