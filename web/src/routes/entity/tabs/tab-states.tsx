// What every entity tab shows besides its data: loading, the API's error, an integration that is not
// configured (a plain notice, not an error: decision 174), or nothing to show yet.
import type { ComponentProps, ReactNode } from 'react';
import { QueryState } from '../../../components/ui/query-state';

/** A query's states for a tab: QueryState, the integration named by `system` when it is not configured. */
export function QueryView<T>({
  system,
  ...props
}: Omit<ComponentProps<typeof QueryState<T>>, 'system'> & { system?: string }) {
  return <QueryState {...props} system={system ? { system } : undefined} />;
}

export { SimpleTable } from '../../../components/ui/simple-table';

export function SectionTitle({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-sm font-semibold">{children}</h2>
      {aside}
    </div>
  );
}
