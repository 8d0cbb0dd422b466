import type { ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import type { SystemSettings } from '../../components/ui/not-configured';
import { QueryState, type QueryLike } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { Section } from './integration-shell';

/**
 * A list an integration reads (a namespace's policies, the cluster's workloads, CI builds, registry
 * tags) as a table, with the query's loading, "not configured", error and empty states (decisions 787
 * and 795). `children` renders the rows.
 */
export function ResourceTable<T>({
  query,
  label,
  system,
  empty,
  table,
  head,
  children,
}: {
  query: QueryLike<T[]>;
  /** What is loading, in "Loading …". */
  label: string;
  /** The system whose 503 "not configured" shows as its notice; without it, an error like any other (the page says elsewhere whether it is configured). */
  system?: SystemSettings;
  empty: { title: string; body: ReactNode };
  /** The table's accessible name. */
  table: string;
  head: string[];
  children: (list: T[]) => ReactNode;
}) {
  return (
    <QueryState query={query} label={label} system={system} isEmpty={(l) => l.length === 0} empty={empty}>
      {(list) => (
        <SimpleTable label={table} head={head}>
          {children(list)}
        </SimpleTable>
      )}
    </QueryState>
  );
}

type ResourceTableProps<T> = Parameters<typeof ResourceTable<T>>[0];

/**
 * A page section holding one integration table, its heading named `title` (decision 1195): the shape
 * every integration page repeats, said once. What loads is the title in lower case unless `label` says
 * otherwise, and the empty state's title "No <label>" unless `empty.title` does.
 */
export function ResourceSection<T>({
  title,
  label = title.toLowerCase(),
  empty,
  ...table
}: { title: string; label?: string; empty: { title?: string; body: ReactNode } } & Omit<
  ResourceTableProps<T>,
  'label' | 'empty'
>) {
  return (
    <Section title={title}>
      <ResourceTable {...table} label={label} empty={{ title: empty.title ?? `No ${label}`, body: empty.body }} />
    </Section>
  );
}

/** A mesh's control-plane components: whether each is ready, and its version (else the mesh's). */
export function ControlPlaneTable({
  label,
  components,
  version,
}: {
  label: string;
  components: { name: string; ready: boolean; version?: string | null }[];
  version?: string | null;
}) {
  return (
    <SimpleTable label={label} head={['Component', 'Ready', 'Version']}>
      {components.map((c) => (
        <tr key={c.name}>
          <td className="font-medium">{c.name}</td>
          <td>
            <Badge tone={c.ready ? 'success' : 'warning'}>{c.ready ? 'ready' : 'not ready'}</Badge>
          </td>
          <td>{c.version ?? version ?? '—'}</td>
        </tr>
      ))}
    </SimpleTable>
  );
}
