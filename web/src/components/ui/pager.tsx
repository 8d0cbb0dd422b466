import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * Previous / next over a paged list (`page` is 1-based), nothing when there is one page: the lists
 * that keep their page in the address hand `onPage` their navigation (decision 1196).
 */
export function Pager({
  page,
  pages,
  onPage,
  className,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className={cn('flex items-center gap-2 text-[13px]', className)}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
