// The catalog's column menu, Radix's part loaded after the first paint (decision 1175; catalog-filters.tsx).
import { DropdownMenu } from 'radix-ui';
import { CATALOG_COLUMNS, type CatalogColumn } from '../../lib/search-params';
import { COLUMN_LABELS } from './catalog-columns';
import { ColumnsButton } from './columns-button';

export default function ColumnMenu({
  columns,
  onChange,
  defaultOpen,
}: {
  columns: CatalogColumn[];
  onChange: (cols: CatalogColumn[]) => void;
  defaultOpen: boolean;
}) {
  const toggle = (col: CatalogColumn) => {
    const next = columns.includes(col)
      ? columns.filter((c) => c !== col)
      : CATALOG_COLUMNS.filter((c) => c === col || columns.includes(c));
    onChange(next);
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <ColumnsButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-44 rounded-md border bg-card p-1 text-foreground shadow-lg"
        >
          {CATALOG_COLUMNS.map((col) => (
            <DropdownMenu.CheckboxItem
              key={col}
              checked={columns.includes(col)}
              disabled={col === 'name'}
              onCheckedChange={() => toggle(col)}
              onSelect={(e) => e.preventDefault()}
              className="flex items-center gap-2 rounded px-2 py-1.5 text-[13px] outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-muted"
            >
              <span aria-hidden className="grid size-4 place-items-center rounded border border-input text-[10px]">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {COLUMN_LABELS[col]}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
