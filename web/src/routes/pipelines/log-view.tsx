// The run log: virtualized rows (only the lines in view are in the DOM, so 100,000 lines scroll
// smoothly), ANSI colours as React spans, search with highlight and next/previous, follow mode
// (pinned to the end; paused when the user scrolls up, resumed at the end) and download (decision 723).
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { ChevronDown, ChevronUp, Download } from 'lucide-react';
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { LogBuffer } from './pipeline-log';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { LogRows, LogSearch, ROW, SegmentCache } from './log-lines';
import './log-view.css';

/**
 * Follow mode: after each batch of lines the end stays in view; scrolling up pauses it, scrolling back
 * to the end of a live log resumes it.
 */
function useFollow(scrollRef: RefObject<HTMLDivElement | null>, version: number, count: number, live: boolean) {
  const [follow, setFollow] = useState(true);
  const lastAutoTop = useRef(0);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!follow || !el) return;
    el.scrollTop = el.scrollHeight;
    lastAutoTop.current = el.scrollTop;
  }, [follow, version, count, scrollRef]);
  const onScroll = () => {
    const el = scrollRef.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight < ROW * 2;
    if (atEnd) {
      if (!follow && live) setFollow(true);
    } else if (follow && el.scrollTop < lastAutoTop.current - 2) setFollow(false);
  };
  return { follow, setFollow, onScroll };
}

/**
 * The current match among the query's matching lines: Enter and the arrows move through them (wrapping),
 * a new query shows its first; either pauses follow mode.
 */
function useMatchNavigation(
  matches: number[],
  needle: string,
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  setFollow: (follow: boolean) => void,
) {
  const [current, setCurrent] = useState(0);
  const goTo = (index: number) => {
    if (!matches.length) return;
    const i = ((index % matches.length) + matches.length) % matches.length;
    setCurrent(i);
    setFollow(false);
    virtualizer.scrollToIndex(matches[i]!, { align: 'center' });
  };
  const firstMatch = matches[0];
  useEffect(() => {
    if (needle && firstMatch !== undefined) {
      setFollow(false);
      virtualizer.scrollToIndex(firstMatch, { align: 'center' });
    }
    // Only when the query changes, not when more lines arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [needle]);
  const status = needle
    ? matches.length
      ? `${Math.min(current, matches.length - 1) + 1} of ${matches.length} lines`
      : 'No matching line'
    : '';
  return { current, setCurrent, goTo, status };
}

/** The whole log as a text file the browser saves. */
function downloadLog(buffer: LogBuffer, fileName: string) {
  const url = URL.createObjectURL(new Blob([buffer.text()], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName}.log`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The search box and its previous/next, the match count said politely, the line count, follow and download. */
function LogToolbar({
  query,
  onQuery,
  goTo,
  current,
  matchCount,
  status,
  count,
  follow,
  onFollow,
  onDownload,
}: {
  query: string;
  onQuery: (query: string) => void;
  goTo: (index: number) => void;
  current: number;
  matchCount: number;
  status: string;
  count: number;
  follow: boolean;
  onFollow: () => void;
  onDownload: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Input
        type="search"
        aria-label="Search the log"
        placeholder="Search the log…"
        value={query}
        onChange={(e) => onQuery(e.target.value)}
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
        disabled={!matchCount}
        onClick={() => goTo(current - 1)}
      >
        <ChevronUp aria-hidden className="size-4" />
      </Button>
      <Button
        size="sm"
        variant="secondary"
        aria-label="Next match"
        disabled={!matchCount}
        onClick={() => goTo(current + 1)}
      >
        <ChevronDown aria-hidden className="size-4" />
      </Button>
      <span aria-live="polite" className="min-w-24 text-[13px] text-muted-foreground">
        {status}
      </span>
      <span className="ml-auto text-[13px] text-muted-foreground">{count.toLocaleString('en-US')} lines</span>
      <Button size="sm" variant={follow ? 'primary' : 'secondary'} aria-pressed={follow} onClick={onFollow}>
        Follow
      </Button>
      <Button size="sm" variant="secondary" onClick={onDownload} disabled={count === 0}>
        <Download aria-hidden className="size-4" /> Download
      </Button>
    </div>
  );
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
  const [search] = useState(() => new LogSearch());
  const [cache] = useState(() => new SegmentCache());
  const count = buffer.lines.length;
  const { follow, setFollow, onScroll } = useFollow(scrollRef, version, count, live);

  // `version` says the buffer's lines changed (the buffer itself is the same object).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const matches = useMemo(() => search.update(buffer, needle), [search, buffer, needle, version]);
  const matchSet = useMemo(() => new Set(matches), [matches]);

  // TanStack Virtual returns functions the React Compiler cannot memoize (decision 1186).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 15,
  });

  const { current, setCurrent, goTo, status } = useMatchNavigation(matches, needle, virtualizer, setFollow);
  const currentLine = matches.length ? matches[Math.min(current, matches.length - 1)] : undefined;

  return (
    <div className="log-view grid gap-2">
      <LogToolbar
        query={query}
        onQuery={(q) => {
          setQuery(q);
          setCurrent(0);
        }}
        goTo={goTo}
        current={current}
        matchCount={matches.length}
        status={status}
        count={count}
        follow={follow}
        onFollow={() => setFollow((f) => !f)}
        onDownload={() => downloadLog(buffer, fileName)}
      />
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
          <LogRows
            virtualizer={virtualizer}
            buffer={buffer}
            cache={cache}
            needle={needle}
            matchSet={matchSet}
            currentLine={currentLine}
          />
        )}
      </div>
    </div>
  );
}
