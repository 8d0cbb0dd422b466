// One place for a query's states: loading, "not configured" (a notice), another error (with retry),
// empty (what to do next), then the data (decision 174).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isNotConfiguredError, NotConfigured, type SystemSettings } from './not-configured';
import { EmptyState, ErrorState, Loading } from './states';

export function QueryState<T>({
  query,
  label,
  system,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  label: string;
  system?: SystemSettings;
  isEmpty?: (data: T) => boolean;
  empty?: { title: string; body: ReactNode };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading rows={3} label={`Loading ${label}`} />;
  if (query.error) {
    if (system && isNotConfiguredError(query.error))
      return (
        <NotConfigured {...system}>
          <span>{(query.error as Error).message}.</span>
        </NotConfigured>
      );
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const data = query.data as T;
  if (empty && isEmpty?.(data)) return <EmptyState title={empty.title}>{empty.body}</EmptyState>;
  return <>{children(data)}</>;
}
