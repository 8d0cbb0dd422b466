import { useState } from 'react';
import { useCatalogPage } from '../catalog';
import { Field, Input } from '../../components/ui/input';

/** Finds a catalog component by name and reports the chosen one (for pages that show one component's data). */
export function ComponentPicker({ selected, onSelect }: { selected?: string; onSelect: (id: string) => void }) {
  const [q, setQ] = useState('');
  const page = useCatalogPage({ q: q.trim() || undefined, entityKind: 'Component', size: 25 });
  const rows = page.data?.data ?? [];
  return (
    <div className="grid gap-2">
      <Field label="Find a component">
        {(id) => <Input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name" />}
      </Field>
      <ul aria-label="Components" className="flex max-h-40 flex-wrap gap-1.5 overflow-y-auto">
        {rows.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              aria-pressed={selected === c.id}
              onClick={() => onSelect(c.id)}
              className="rounded-md border px-2 py-1 text-[13px] hover:bg-muted aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground"
            >
              {c.name}
            </button>
          </li>
        ))}
        {page.data && rows.length === 0 && <li className="text-[13px] text-muted-foreground">No component matches.</li>}
      </ul>
    </div>
  );
}
