// The run log: virtualized rows (only the lines in view are in the DOM, so 100,000 lines scroll
// smoothly), ANSI colours as React spans, search with highlight and next/previous, follow mode
// (pinned to the end; paused when the user scrolls up, resumed at the end) and download (decision 723).
import { useVirtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronUp, Download } from 'lucide-react';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { matchRanges, type LogBuffer } from './pipeline-log';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { segmentsOf, type Segment } from './ansi';
import './log-view.css';

const ROW = 20;

/** Matching lines of the current query, extended as lines arrive (never rescans what it has seen). */
class LogSearch {
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
class SegmentCache {
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

function highlight(segments: Segment[], ranges: [number, number][], current: boolean): ReactNode[] {
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

export function LogView({
  buffer,
  version,
  live,
  fileName,
}: {
  buffer: LogBuffer;
  version: number;
  live: boolean;
  fileName: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const needle = useDeferredValue(query.trim().toLowerCase());
  const [current, setCurrent] = useState(0);
  const [follow, setFollow] = useState(true);
  const lastAutoTop = useRef(0);
  const [search] = useState(() => new LogSearch());
  const [cache] = useState(() => new SegmentCache());
  const count = buffer.lines.length;

  // `version` says the buffer's lines changed (the buffer itself is the same object).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const matches = useMemo(() => search.update(buffer, needle), [search, buffer, needle, version]);
  const matchSet = useMemo(() => new Set(matches), [matches]);
  const currentLine = matches.length ? matches[Math.min(current, matches.length - 1)] : undefined;

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 15,
  });

  // Follow mode: after each batch of lines, the end stays in view.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!follow || !el) return;
    el.scrollTop = el.scrollHeight;
    lastAutoTop.current = el.scrollTop;
  }, [follow, version, count]);

  const goTo = (index: number) => {
    if (!matches.length) return;
    const i = ((index % matches.length) + matches.length) % matches.length;
    setCurrent(i);
    setFollow(false);
    virtualizer.scrollToIndex(matches[i]!, { align: 'center' });
  };

  // A new query shows its first match.
  const firstMatch = matches[0];
  useEffect(() => {
    if (needle && firstMatch !== undefined) {
      setFollow(false);
      virtualizer.scrollToIndex(firstMatch, { align: 'center' });
    }
    // Only when the query changes, not when more lines arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needle]);

  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < ROW * 2;
    if (atEnd) {
      if (!follow && live) setFollow(true);
    } else if (follow && el.scrollTop < lastAutoTop.current - 2) setFollow(false);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([buffer.text()], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${fileName}.log`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const status = needle
    ? matches.length
      ? `${Math.min(current, matches.length - 1) + 1} of ${matches.length} lines`
      : 'No matching line'
    : '';

  return (
    <div className="log-view grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          type="search"
          aria-label="Search the log"
          placeholder="Search the log…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setCurrent(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              goTo(current + (e.shiftKey ? -1 : 1));
            }
          }}
          className="h-8 w-full sm:w-64"
        />
        <Button
          size="sm"
          variant="secondary"
          aria-label="Previous match"
          disabled={!matches.length}
          onClick={() => goTo(current - 1)}
        >
          <ChevronUp aria-hidden className="size-4" />
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label="Next match"
          disabled={!matches.length}
          onClick={() => goTo(current + 1)}
        >
          <ChevronDown aria-hidden className="size-4" />
        </Button>
        <span aria-live="polite" className="min-w-24 text-[13px] text-muted-foreground">
          {status}
        </span>
        <span className="ml-auto text-[13px] text-muted-foreground">{count.toLocaleString('en-US')} lines</span>
        <Button
          size="sm"
          variant={follow ? 'primary' : 'secondary'}
          aria-pressed={follow}
          onClick={() => setFollow((f) => !f)}
        >
          Follow
        </Button>
        <Button size="sm" variant="secondary" onClick={download} disabled={count === 0}>
          <Download aria-hidden className="size-4" /> Download
        </Button>
      </div>
      <div
        ref={scrollRef}
        role="region"
        aria-label="Run log"
        tabIndex={0}
        onScroll={onScroll}
        className="h-[60vh] min-h-64 overflow-auto rounded-lg border bg-card font-mono text-xs leading-5 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {count === 0 ? (
          <p className="p-3 text-muted-foreground">{live ? 'Waiting for output…' : 'This run wrote no output.'}</p>
        ) : (
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
                    {ranges.length
                      ? highlight(segments, ranges, row.index === currentLine)
                      : highlight(segments, [], false)}
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
