// The run log's lines, apart from its toolbar and scrolling (decision 723): the search's matching lines,
// kept as lines arrive; ANSI segments of the lines in view, cached; the rows in view with matches marked.
import type { Virtualizer } from '@tanstack/react-virtual';
import type { ReactNode } from 'react';
import { matchRanges, type LogBuffer } from './pipeline-log';
import { segmentsOf, type Segment } from './ansi';

/** Matching lines of the current query, extended as lines arrive (never rescans what it has seen). */
export class LogSearch {
  private needle = '';
  private lines: string[] | undefined;
  private scanned = 0;
  matches: number[] = [];

  update(buffer: LogBuffer, needle: string): number[] {
    if (needle !== this.needle || buffer.lines !== this.lines) {
      this.needle = needle;
      this.lines = buffer.lines;
      this.scanned = 0;
      this.matches = [];
    }
    if (needle && this.scanned < buffer.lines.length) {
      const found = buffer.find(needle, this.scanned);
      this.matches = found.length ? this.matches.concat(found) : this.matches;
    }
    this.scanned = buffer.lines.length;
    return this.matches;
  }
}

/** Parsed segments of recently shown lines (a line's text never changes once it has its index). */
export class SegmentCache {
  private map = new Map<number, { line: string; segments: Segment[] }>();
  get(i: number, line: string): Segment[] {
    const hit = this.map.get(i);
    if (hit && hit.line === line) return hit.segments;
    if (this.map.size > 4000) this.map.clear();
    const segments = segmentsOf(line);
    this.map.set(i, { line, segments });
    return segments;
  }
}

export function highlight(segments: Segment[], ranges: [number, number][], current: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  let offset = 0;
  let key = 0;
  for (const seg of segments) {
    const start = offset;
    const end = offset + seg.text.length;
    offset = end;
    let at = start;
    const parts: ReactNode[] = [];
    for (const [a, b] of ranges) {
      if (b <= at || a >= end) continue;
      const from = Math.max(a, at);
      const to = Math.min(b, end);
      if (from > at) parts.push(seg.text.slice(at - start, from - start));
      parts.push(
        <mark key={key++} data-current={current ? '' : undefined}>
          {seg.text.slice(from - start, to - start)}
        </mark>,
      );
      at = to;
    }
    if (at < end) parts.push(seg.text.slice(at - start));
    out.push(
      <span key={key++} style={seg.style}>
        {parts}
      </span>,
    );
  }
  return out;
}

/** A row's height in pixels: the virtualizer's estimate and each row's own. */
export const ROW = 20;

/** The lines in view (and the overscan), each with its number and its matches marked. */
export function LogRows({
  virtualizer,
  buffer,
  cache,
  needle,
  matchSet,
  currentLine,
}: {
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  buffer: LogBuffer;
  cache: SegmentCache;
  needle: string;
  matchSet: Set<number>;
  currentLine: number | undefined;
}) {
  return (
    <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => {
        const line = buffer.lines[row.index] ?? '';
        const segments = cache.get(row.index, line);
        const ranges = needle && matchSet.has(row.index) ? matchRanges(buffer.plain(row.index), needle) : [];
        return (
          <div
            key={row.key}
            data-line={row.index + 1}
            className="absolute top-0 left-0 flex min-w-full whitespace-pre"
            style={{ height: ROW, transform: `translateY(${row.start}px)` }}
          >
            <span
              aria-hidden
              className="sticky left-0 w-16 shrink-0 bg-card pr-3 text-right text-muted-foreground select-none"
            >
              {row.index + 1}
            </span>
            <span className="pr-3">
              {ranges.length ? highlight(segments, ranges, row.index === currentLine) : highlight(segments, [], false)}
            </span>
          </div>
        );
      })}
    </div>
  );
}
