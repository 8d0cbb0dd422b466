import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { CornerDownLeft, FileText, Search } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSearch } from '../../routes/search';
import { describeError } from '../ui/states';
import { matchPages } from './page-matches';
import { KIND_LABELS, resultHref } from './result-link';
import { useSession } from '../../lib/use-session';
import { useDebounced } from './use-debounced';

const group =
  'px-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';
const item =
  'flex cursor-default items-center gap-2 rounded-md px-2 py-2 text-[13px] data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const ALL_RESULTS = 'all-results';

type SearchGroups = NonNullable<ReturnType<typeof useSearch>['data']>['groups'];

/**
 * The palette's matches: portal pages (matched here) and the server's results after a 150 ms pause,
 * with the value of the item to select first (a page, else the top result, else "See all results").
 */
function usePaletteMatches(query: string) {
  const settled = useDebounced(query.trim(), 150);
  const results = useSearch(settled, { take: 5 });
  const { user } = useSession();
  const pages = matchPages(query, user?.roles);
  const groups = settled ? (results.data?.groups.filter((g) => g.items.length > 0) ?? []) : [];
  const first = groups[0]?.items[0];
  const firstValue = pages[0]
    ? `page:${pages[0].to}`
    : first
      ? `${first.kind}:${first.id}`
      : settled
        ? ALL_RESULTS
        : '';
  return { settled, results, pages, groups, firstValue };
}

/**
 * Ctrl/Cmd+K: portal pages (matched here) and GET /api/v1/search results grouped by kind; arrows
 * move, Enter opens. The first item is selected whenever the first item changes (results arriving
 * after the 150 ms pause), so Enter opens the top match; "See all results" is the last item, also
 * reached with Ctrl/Cmd+Enter (decision 817).
 */
export default function CommandPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const matches = usePaletteMatches(query);
  const { settled, firstValue } = matches;
  const [selected, setSelected] = useState(firstValue);
  // In an effect on purpose: cmdk picks an item in its own effects when the list changes, and a child's
  // effects run before its parent's, so this choice lands last (decision 1186; a render-time update lost).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setSelected(firstValue), [firstValue]);

  const go = (href: string) => {
    onOpenChange(false);
    void navigate({ href });
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <RadixDialog.Content className="fixed top-[10vh] left-1/2 z-50 w-[min(94vw,640px)] -translate-x-1/2 overflow-hidden rounded-xl border bg-card text-foreground shadow-2xl">
          <RadixDialog.Title className="sr-only">Command palette</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">
            Search components, APIs, teams, people and templates, or go to a page.
          </RadixDialog.Description>
          <Command
            shouldFilter={false}
            label="Search Hangar"
            loop
            value={selected}
            onValueChange={setSelected}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || !settled) return;
              // Before cmdk's own Enter, which opens the selected item.
              e.preventDefault();
              go(`/search?q=${encodeURIComponent(settled)}`);
            }}
          >
            <div className="flex items-center gap-2 border-b px-3">
              <Search aria-hidden className="size-4 text-muted-foreground" />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder="Search or jump to…"
                aria-label="Search Hangar"
                className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground focus-visible:outline-none"
              />
            </div>
            <PaletteList {...matches} go={go} />
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function PaletteList({
  settled,
  results,
  pages,
  groups,
  go,
}: ReturnType<typeof usePaletteMatches> & { go: (href: string) => void }) {
  return (
    <Command.List className="max-h-[60vh] overflow-y-auto py-1">
      {results.isFetching && settled && (
        <Command.Loading className="px-3 py-2 text-[13px] text-muted-foreground">Searching…</Command.Loading>
      )}
      {results.isError && (
        <p className="px-3 py-2 text-[13px] text-destructive">{describeError(results.error).message}</p>
      )}
      {pages.length > 0 && (
        <Command.Group heading="Pages" className={group}>
          {pages.map((p) => (
            <Command.Item key={p.to} value={`page:${p.to}`} onSelect={() => go(p.to)} className={item}>
              <p.icon aria-hidden className="size-4 text-muted-foreground" /> {p.label}
            </Command.Item>
          ))}
        </Command.Group>
      )}
      <ResultGroups groups={groups} go={go} />
      {settled && <AllResultsItem settled={settled} go={go} />}
      {settled && results.data && !results.data.groups.some((g) => g.items.length) && pages.length === 0 && (
        <Command.Empty className="px-3 py-6 text-center text-[13px] text-muted-foreground">
          Nothing matches “{settled}”. Try fewer or other words.
        </Command.Empty>
      )}
    </Command.List>
  );
}

function ResultGroups({ groups, go }: { groups: SearchGroups; go: (href: string) => void }) {
  return groups.map((g) => (
    <Command.Group key={g.kind} heading={`${KIND_LABELS[g.kind]} (${g.total})`} className={group}>
      {g.items.map((r) => (
        <Command.Item
          key={`${r.kind}:${r.id}`}
          value={`${r.kind}:${r.id}`}
          onSelect={() => go(resultHref(r))}
          className={item}
        >
          <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className="truncate font-medium">{r.title || r.name}</span>
          {r.description && <span className="truncate text-xs text-muted-foreground">{r.description}</span>}
        </Command.Item>
      ))}
    </Command.Group>
  ));
}

function AllResultsItem({ settled, go }: { settled: string; go: (href: string) => void }) {
  return (
    <Command.Item
      value={ALL_RESULTS}
      onSelect={() => go(`/search?q=${encodeURIComponent(settled)}`)}
      className={item}
      aria-keyshortcuts={isMac ? 'Meta+Enter' : 'Control+Enter'}
    >
      <CornerDownLeft aria-hidden className="size-4 text-muted-foreground" /> See all results for “{settled}”
      <kbd
        aria-hidden
        className="ml-auto rounded border bg-background px-1.5 font-mono text-[11px] text-muted-foreground"
      >
        {isMac ? '⌘↵' : 'Ctrl ↵'}
      </kbd>
    </Command.Item>
  );
}
