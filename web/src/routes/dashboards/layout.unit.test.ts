import { describe, expect, it } from 'vitest';
import { flowLayout, moveItem, nextSlot, readingOrder } from './layout';

const w = (id: string, gridX: number, gridY: number, gridW = 4, gridH = 3) => ({ id, gridX, gridY, gridW, gridH });

describe('dashboard layout', () => {
  it('reads widgets by row, then column', () => {
    expect(readingOrder([w('c', 0, 3), w('b', 4, 0), w('a', 0, 0)]).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  it('flows widgets left to right in 12 columns, wrapping under the tallest of a row', () => {
    expect(flowLayout([w('a', 9, 9, 6, 2), w('b', 0, 0, 4, 5), w('c', 0, 0, 4, 3), w('d', 0, 0, 20, 1)])).toEqual([
      { id: 'a', gridX: 0, gridY: 0, gridW: 6, gridH: 2 },
      { id: 'b', gridX: 6, gridY: 0, gridW: 4, gridH: 5 },
      { id: 'c', gridX: 0, gridY: 5, gridW: 4, gridH: 3 },
      { id: 'd', gridX: 0, gridY: 8, gridW: 12, gridH: 1 },
    ]);
  });

  it('moves an item and finds the slot after the last widget', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(nextSlot([w('a', 0, 0, 6), w('b', 6, 0, 4)], 4)).toEqual({ gridX: 0, gridY: 3 });
    expect(nextSlot([], 4)).toEqual({ gridX: 0, gridY: 0 });
  });
});
