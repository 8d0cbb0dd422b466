import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useSearch } from './queries';
import type { OkBody } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { KIND_LABELS, resultHref } from '../../components/search/result-link';
import { SEARCH_KINDS, type SearchPageSearch } from '../../lib/search-params';
import { TextLink } from '../../components/ui/text-link';

const route = getRouteApi('/app/search');
const MATCH_LABELS = { exact: 'exact name', prefix: 'name prefix', fulltext: 'text', fuzzy: 'similar' } as const;

type Group = OkBody<'search'>['groups'][number];

// The parts take SearchPageSearch: the route's own search type is `any` inside its page (decision 1191).

/** All kinds, or one (then up to 50 results of it). */
function KindFilter({ q, kind }: SearchPageSearch) {
  return (
    <div role="group" aria-label="Result kind" className="flex flex-wrap gap-1">
      {[undefined, ...SEARCH_KINDS].map((k) => (
        <Link
          key={k ?? 'all'}
          to="/search"
          search={{ q, kind: k }}
          aria-current={kind === k ? 'true' : undefined}
          className="rounded-full border px-3 py-1 text-[13px] text-muted-foreground hover:text-foreground aria-[current=true]:border-primary aria-[current=true]:bg-accent aria-[current=true]:text-accent-foreground"
        >
          {k ? KIND_LABELS[k] : 'All'}
        </Link>
      ))}
    </div>
  );
}

/** One kind's results, best first, each with how it matched; a link to the rest when there are more. */
function ResultGroup({ group: g, q, kind }: { group: Group } & SearchPageSearch) {
  return (
    <section aria-labelledby={`results-${g.kind}`} className="grid gap-1">
      <h2 id={`results-${g.kind}`} className="text-sm font-semibold">
        {KIND_LABELS[g.kind]} <span className="font-normal text-muted-foreground">({g.total})</span>
      </h2>
      <ul className="divide-y rounded-lg border">
        {g.items.map((r) => (
          <li key={r.id} className="flex items-start justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <Link to={resultHref(r)} className="font-medium text-primary hover:underline">
                {r.title || r.name}
              </Link>
              {r.title && r.title !== r.name && <span className="ml-2 text-xs text-muted-foreground">{r.name}</span>}
              {r.description && <p className="truncate text-[13px] text-muted-foreground">{r.description}</p>}
            </div>
            <Badge>{MATCH_LABELS[r.match] ?? r.match}</Badge>
          </li>
        ))}
      </ul>
      {g.total > g.items.length && !kind && (
        <TextLink to="/search" search={{ q, kind: g.kind }}>
          Show all {g.total} {KIND_LABELS[g.kind].toLowerCase()}
        </TextLink>
      )}
    </section>
  );
}

export function SearchPage() {
  const { q, kind } = route.useSearch();
  const navigate = route.useNavigate();
  const [text, setText] = useState(q ?? '');
  // The URL changed (back, a link): show its query. Adjusted while rendering, not in an effect.
  const [shown, setShown] = useState(q);
  if (shown !== q) {
    setShown(q);
    setText(q ?? '');
  }
  const results = useSearch(q, { kinds: kind ? [kind] : undefined, take: kind ? 50 : 10 });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: (prev) => ({ ...prev, q: text.trim() || undefined }) });
  };
  const groups = results.data?.groups.filter((g) => g.items.length > 0) ?? [];

  return (
    <div className="grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-4">
      <h1 className="text-xl font-semibold tracking-tight">Search</h1>
      <form role="search" aria-label="Search the catalog" onSubmit={submit} className="flex gap-2">
        <Input
          type="search"
          aria-label="Search terms"
          placeholder='Name, words, or a "quoted phrase"'
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>
      <KindFilter q={q} kind={kind} />
      {!q ? (
        <EmptyState title="Type something to search">
          Search finds components, APIs, teams, people and templates by exact name, prefix, words and similar spellings.
        </EmptyState>
      ) : results.isPending ? (
        <Loading rows={6} label="Searching" />
      ) : results.isError ? (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      ) : groups.length === 0 ? (
        <EmptyState title={`Nothing matches “${q}”`}>
          Check the spelling, use fewer words, or remove the kind filter.
        </EmptyState>
      ) : (
        groups.map((g) => <ResultGroup key={g.kind} group={g} q={q} kind={kind} />)
      )}
    </div>
  );
}
