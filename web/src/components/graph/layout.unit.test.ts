import { describe, expect, it } from 'vitest';
import { blockLines, computeLayout } from './layout';

const box = (id: string) => ({ id, width: 200, height: 40 });
const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < 200 && Math.abs(a.y - b.y) < 40;

describe('graph layout', () => {
  it('places every node, left to right along the edges, without overlaps', () => {
    const out = computeLayout({
      nodes: ['a', 'b', 'c'].map(box),
      edges: [
        { id: 'e1', source: 'a', target: 'b' },
        { id: 'e2', source: 'b', target: 'c' },
      ],
      direction: 'LR',
    });
    expect(Object.keys(out.positions).sort()).toEqual(['a', 'b', 'c']);
    expect(out.positions.a.x).toBeLessThan(out.positions.b.x);
    expect(out.positions.b.x).toBeLessThan(out.positions.c.x);
    const top = computeLayout({
      nodes: ['a', 'b'].map(box),
      edges: [{ id: 'e', source: 'a', target: 'b' }],
      direction: 'TB',
    });
    expect(top.positions.a.y).toBeLessThan(top.positions.b.y);
  });

  it('lays out hundreds of alike nodes as one block, in a grid instead of one very long line', () => {
    const n = 300;
    const nodes = [box('centre'), ...Array.from({ length: n }, (_, i) => box(`p${i}`))];
    const edges = Array.from({ length: n }, (_, i) => ({ id: `e${i}`, source: `p${i}`, target: 'centre' }));
    const out = computeLayout({ nodes, edges, direction: 'LR' });
    expect(Object.keys(out.positions)).toHaveLength(n + 1);
    // one line of 300 would be ~16,000 px tall; as a block it stays within a few thousand
    expect(out.height).toBeLessThan(Math.ceil(n / blockLines(n)) * 60);
    expect(out.width).toBeLessThan(out.height * 3);
    const all = Object.values(out.positions);
    for (let i = 0; i < all.length; i += 17)
      for (let j = i + 1; j < all.length; j++) expect(overlaps(all[i], all[j])).toBe(false);
    // the parts still come before the entity they are part of
    expect(out.positions.p0.x).toBeLessThan(out.positions.centre.x);
  });
});
