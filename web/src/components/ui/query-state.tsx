// One place for a query's states: loading, "not configured" (a notice), not found (what to do instead,
// when the caller says it), another error (with retry), empty (what to do next), then the data
// (decisions 174, 790).
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { isNotConfiguredError, NotConfigured, type SystemSettings } from './not-configured';
import { EmptyState, ErrorState, Loading } from './states';

/** What QueryState reads of a query (a TanStack query result, or several joined by `allOf`). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/** Several queries as one: pending while any is, failed when any fails (retry repeats them all), else every result in order. */
export function allOf<T extends readonly unknown[]>(queries: { [K in keyof T]: QueryLike<T[K]> }): QueryLike<T> {
  const list = queries as readonly QueryLike<unknown>[];
  return {
    data: list.map((q) => q.data) as unknown as T,
    error: list.find((q) => q.error)?.error ?? null,
    isPending: list.some((q) => q.isPending),
    refetch: () => list.forEach((q) => void q.refetch()),
  };
}

export function QueryState<T>({
  query,
  label,
  rows = 3,
  system,
  notConfigured,
  notFound,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  label: string;
  /** Placeholder rows while loading: about as many as the page will show, so it does not jump. */
  rows?: number;
  system?: SystemSettings;
  /** Said before the server's message when the system is not configured (what to set). */
  notConfigured?: ReactNode;
  /** Shown for a 404 instead of the error and its pointless retry: a detail page's "No … with this id" and the way back (decision 790). */
  notFound?: { title: string; body?: ReactNode; action?: ReactNode };
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; body: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading rows={rows} label={`Loading ${label}`} />;
  if (query.error) {
    if (system && isNotConfiguredError(query.error))
      return (
        <NotConfigured {...system}>
          {notConfigured} <span className="block">{(query.error as Error).message}.</span>
        </NotConfigured>
      );
    if (notFound && query.error instanceof ApiError && query.error.status === 404)
      return (
        <EmptyState title={notFound.title} action={notFound.action} titleAs="h1">
          {notFound.body ?? 'It may have been deleted, or the address is mistyped.'}
        </EmptyState>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (empty && isEmpty?.(data)) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return <>{children(data)}</>;
}
