// Widget arrangement (decision 746): the page shows widgets in reading order (row, then column) on a
// 12-column grid; moving one (drag or keyboard) changes the order, and the order is laid out again
// left to right, wrapping, keeping each widget's width and height.
import type { LayoutItem } from './queries';

export const COLUMNS = 12;

interface Placed {
  id: string;
  gridX: number;
  gridY: number;
  gridW: number;
  gridH: number;
}

/** Widgets in reading order: by row, then column (ties by id, so the order is stable). */
export function readingOrder<T extends Placed>(widgets: readonly T[]): T[] {
  return [...widgets].sort((a, b) => a.gridY - b.gridY || a.gridX - b.gridX || a.id.localeCompare(b.id));
}

/** Positions for widgets in this order: rows of COLUMNS, a row as tall as its tallest widget. */
export function flowLayout(ordered: readonly Placed[]): LayoutItem[] {
  const out: LayoutItem[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const w of ordered) {
    const width = Math.min(Math.max(1, w.gridW), COLUMNS);
    if (x + width > COLUMNS) {
      y += rowHeight;
      x = 0;
      rowHeight = 0;
    }
    out.push({ id: w.id, gridX: x, gridY: y, gridW: width, gridH: w.gridH });
    x += width;
    rowHeight = Math.max(rowHeight, w.gridH);
  }
  return out;
}

/** Where a new widget of this width goes: after the last one. */
export function nextSlot(widgets: readonly Placed[], width: number): { gridX: number; gridY: number } {
  const laid = flowLayout([...readingOrder(widgets), { id: '\uffff', gridX: 0, gridY: 0, gridW: width, gridH: 1 }]);
  const last = laid[laid.length - 1]!;
  return { gridX: last.gridX, gridY: last.gridY };
}

/** The order with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
