import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type Row,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../lib/cn';

export interface SortState {
  id: string;
  desc: boolean;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Server-side sorting: the table only shows and reports it. Columns with `enableSorting: false` are not sortable. */
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
  columnVisibility?: VisibilityState;
  /** Pixel height of one row (rows are virtualized: only the visible ones are in the DOM). */
  rowHeight?: number;
  /** Height of the scroll area. */
  maxHeight?: string;
  busy?: boolean;
}

/**
 * A semantic <table> over TanStack Table with TanStack Virtual rows: sorting, filtering and paging are
 * the server's (manual mode), the browser renders only the rows in view plus a few (decision 145).
 */
export function DataTable<T>({
  label,
  columns,
  data,
  getRowId,
  sort,
  onSortChange,
  columnVisibility,
  rowHeight = 37,
  maxHeight = '70vh',
  busy,
}: DataTableProps<T>) {
  // TanStack Table returns functions the React Compiler cannot memoize; the portal is not built with the
  // compiler, so the component simply stays as written (decision 1186).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    state: { sorting: sort ? [sort] : [], columnVisibility: columnVisibility ?? {} },
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;

  return (
    <div
      ref={scrollRef}
      className="overflow-auto rounded-lg border"
      style={{ maxHeight }}
      tabIndex={0}
      role="region"
      aria-label={`${label} (scrollable)`}
    >
      <table className="w-full border-collapse text-[13px]" aria-busy={busy || undefined}>
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 z-10 bg-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} header={header} sort={sort} onSortChange={onSortChange} />
              ))}
            </tr>
          ))}
        </thead>
        <VirtualRows
          rows={rows}
          items={items}
          padTop={padTop}
          padBottom={padBottom}
          rowHeight={rowHeight}
          columns={table.getVisibleLeafColumns().length}
          busy={busy}
        />
      </table>
    </div>
  );
}

/** A column's header; a button that cycles ascending, descending and unsorted when the column can sort. */
function HeaderCell<T>({
  header,
  sort,
  onSortChange,
}: {
  header: Header<T, unknown>;
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
}) {
  // Display columns have no accessor, so TanStack's getCanSort() says no: the server sorts, the column says whether it can.
  const sortable = header.column.columnDef.enableSorting !== false && onSortChange;
  const direction = sort?.id === header.column.id ? (sort.desc ? 'descending' : 'ascending') : undefined;
  const title = flexRender(header.column.columnDef.header, header.getContext());
  const toggleSort = (id: string) => {
    if (!onSortChange) return;
    if (sort?.id !== id) onSortChange({ id, desc: false });
    else if (!sort.desc) onSortChange({ id, desc: true });
    else onSortChange(undefined);
  };
  return (
    <th
      scope="col"
      aria-sort={direction ?? (sortable ? 'none' : undefined)}
      className="h-9 border-b px-3 text-left font-medium whitespace-nowrap text-muted-foreground"
      style={{ width: header.column.columnDef.size }}
    >
      {sortable ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded hover:text-foreground"
          onClick={() => toggleSort(header.column.id)}
        >
          {title}
          <SortIcon direction={direction} />
        </button>
      ) : (
        title
      )}
    </th>
  );
}

function SortIcon({ direction }: { direction?: 'ascending' | 'descending' }) {
  if (direction === 'ascending') return <ArrowUp aria-hidden className="size-3.5" />;
  if (direction === 'descending') return <ArrowDown aria-hidden className="size-3.5" />;
  return <ArrowUpDown aria-hidden className="size-3.5 opacity-50" />;
}

/**
 * The rows in view plus a few; a spacer row above and below stands for the others, so the scrollbar is
 * true. The window is computed by DataTable: the virtualizer is a mutable instance, not a prop (decision 1190).
 */
function VirtualRows<T>({
  rows,
  items,
  padTop,
  padBottom,
  rowHeight,
  columns,
  busy,
}: {
  rows: Row<T>[];
  items: VirtualItem[];
  padTop: number;
  padBottom: number;
  rowHeight: number;
  columns: number;
  busy?: boolean;
}) {
  return (
    <tbody className={cn(busy && 'opacity-60')}>
      {padTop > 0 && (
        <tr aria-hidden>
          <td colSpan={columns} style={{ height: padTop, padding: 0 }} />
        </tr>
      )}
      {items.map((item) => {
        const row = rows[item.index];
        return (
          <tr key={row.id} className="border-b last:border-b-0 hover:bg-muted/60" style={{ height: rowHeight }}>
            {row.getVisibleCells().map((cell) => (
              <td key={cell.id} className="max-w-96 truncate px-3 py-1.5">
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        );
      })}
      {padBottom > 0 && (
        <tr aria-hidden>
          <td colSpan={columns} style={{ height: padBottom, padding: 0 }} />
        </tr>
      )}
    </tbody>
  );
}
