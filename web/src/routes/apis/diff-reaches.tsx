// The operations one schema change reaches: the first ones come with the diff, the whole list is
// fetched on demand, page by page (decision 800), and shown in the same list.
import { useState } from 'react';
import { useApiSpecDiffReaches } from './queries';
import { Button } from '../../components/ui/button';
import { describeError } from '../../components/ui/states';

const plural = (n: number) => `${n} ${n === 1 ? 'operation' : 'operations'}`;

export function ReachesList({
  newId,
  oldId,
  entry,
  count,
  first,
}: {
  newId: string;
  oldId: string;
  entry: number;
  count: number;
  first: string[];
}) {
  const [all, setAll] = useState(false);
  const pages = useApiSpecDiffReaches(newId, oldId, entry, all);
  const fetched = pages.data?.pages.flatMap((p) => p.data);
  const shown = fetched ?? first;
  const listId = `reaches-${entry}`;
  return (
    <details className="text-xs">
      <summary className="cursor-pointer text-muted-foreground">Reaches {plural(count)}</summary>
      {/* A long list scrolls in its own box, which keyboard users reach with Tab (a focusable region). */}
      <div
        role="region"
        tabIndex={0}
        aria-label={`Operations the change reaches (${shown.length} of ${count} shown)`}
        className="mt-1 max-h-96 overflow-y-auto rounded focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ul id={listId} className="grid gap-0.5 pl-4 font-mono" aria-label="Operations the change reaches">
          {shown.map((op) => (
            <li key={op}>{op}</li>
          ))}
        </ul>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2 pl-4" aria-live="polite">
        {shown.length < count && !all && (
          <Button size="sm" variant="secondary" aria-controls={listId} onClick={() => setAll(true)}>
            Show all {plural(count)}
          </Button>
        )}
        {all && pages.isPending && <span className="text-muted-foreground">Loading the operations…</span>}
        {pages.hasNextPage && !pages.isFetchingNextPage && (
          <Button size="sm" variant="secondary" aria-controls={listId} onClick={() => void pages.fetchNextPage()}>
            Show more ({shown.length} of {count})
          </Button>
        )}
        {pages.isFetchingNextPage && <span className="text-muted-foreground">Loading more…</span>}
        {pages.error && (
          <span role="alert" className="text-destructive">
            {describeError(pages.error).message}{' '}
            <Button size="sm" variant="ghost" onClick={() => void pages.refetch()}>
              Try again
            </Button>
          </span>
        )}
      </div>
    </details>
  );
}
