import { describe, expect, it } from 'vitest';
import { layoutTopology, rankNodes, rowsPerColumn } from './topology-layout';

const pairs = (...e: [number, number][]) => Uint32Array.from(e.flat());

describe('topology layout', () => {
  it('ranks a node after the last node it depends on', () => {
    // 0 -> 1 -> 2, 0 -> 2, 3 alone
    expect([...rankNodes(4, pairs([0, 1], [1, 2], [0, 2]))]).toEqual([0, 1, 2, 0]);
  });

  it('puts the nodes of a cycle after every other rank', () => {
    // 0 -> 1 -> 2 -> 1
    expect([...rankNodes(3, pairs([0, 1], [1, 2], [2, 1]))]).toEqual([0, 2, 2]);
  });

  it('gives every node its own place, ranks left to right', () => {
    const count = 500;
    const edges: [number, number][] = [];
    for (let i = 1; i < count; i++) edges.push([0, i]);
    const layout = layoutTopology({ count, edges: pairs(...edges) });
    expect(layout.ranks).toBe(2);
    const places = new Set(Array.from({ length: count }, (_, i) => `${layout.x[i]},${layout.y[i]}`));
    expect(places.size).toBe(count);
    for (let i = 1; i < count; i++) expect(layout.x[i]).toBeGreaterThan(layout.x[0]!);
    // 499 dependents in columns of rowsPerColumn(500) = 23
    expect(Math.max(...layout.y) - Math.min(...layout.y.subarray(1))).toBe((rowsPerColumn(count) - 1) * 44);
  });

  it('lays out 20,000 nodes and 40,000 edges quickly', () => {
    const count = 20_000;
    const edges = new Uint32Array(4 * count);
    for (let i = 0; i < count; i++) {
      edges[4 * i] = i;
      edges[4 * i + 1] = (i * 7 + 1) % count;
      edges[4 * i + 2] = i;
      edges[4 * i + 3] = (i + 3) % count;
    }
    const started = performance.now();
    const layout = layoutTopology({ count, edges });
    expect(performance.now() - started).toBeLessThan(500);
    expect(layout.x.length).toBe(count);
    expect(Number.isFinite(layout.width)).toBe(true);
  });
});
