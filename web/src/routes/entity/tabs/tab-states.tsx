// What every entity tab shows besides its data: loading, the API's error, an integration that is not
// configured (a plain notice, not an error: decision 174), or nothing to show yet.
import type { UseQueryResult } from '@tanstack/react-query';
import { PlugZap } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/client';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';

/** A 503 whose message says the integration is not configured: a setting, not an outage. */
export function isNotConfigured(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && /\bnot configured\b/i.test(error.message);
}

export function NotConfigured({ system, children }: { system: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-dashed p-4">
      <PlugZap aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid grid-cols-1 gap-1">
        <h2 className="text-sm font-semibold">{system} is not configured</h2>
        <div className="text-[13px] text-muted-foreground">{children}</div>
      </div>
    </div>
  );
}

/**
 * Renders a query's states in one place: loading, then not-configured / error / empty / the data.
 * `isEmpty` decides the empty state; `system` names the integration for a "not configured" 503.
 */
export function QueryView<T>({
  query,
  label,
  system,
  notConfigured,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  label: string;
  system?: string;
  notConfigured?: ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; body: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading rows={3} label={`Loading ${label}`} />;
  if (query.error) {
    if (system && isNotConfigured(query.error))
      return (
        <NotConfigured system={system}>
          {notConfigured} <span className="block">{(query.error as ApiError).message}.</span>
        </NotConfigured>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (empty && isEmpty?.(data)) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return <>{children(data)}</>;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');

/** A compact, accessible table for a tab's rows (short lists; long ones use the shared DataTable). */
export function SimpleTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full border-collapse text-[13px]">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="h-9 border-b px-3 text-left font-medium whitespace-nowrap text-muted-foreground">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:px-3 [&_td]:py-1.5 [&_tr]:border-b [&_tr:last-child]:border-b-0">{children}</tbody>
      </table>
    </div>
  );
}

export function SectionTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-sm font-semibold">{children}</h2>
      {aside}
    </div>
  );
}
