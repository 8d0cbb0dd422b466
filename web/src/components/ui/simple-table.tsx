import type { ReactNode } from 'react';

/**
 * A compact, accessible table for short lists (tens to a few hundred rows): a named, focusable region
 * that scrolls sideways on a phone, a caption for screen readers, column headers with scope. Long
 * lists use DataTable (virtualized rows).
 */
export function SimpleTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full border-collapse text-[13px]">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted">
          <tr>
            {head.map((h, i) => (
              <th
                key={`${h}-${i}`}
                scope="col"
                className="h-9 border-b px-3 text-left font-medium whitespace-nowrap text-muted-foreground"
              >
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:px-3 [&_td]:py-1.5 [&_tr]:border-b [&_tr:last-child]:border-b-0">{children}</tbody>
      </table>
    </div>
  );
}
