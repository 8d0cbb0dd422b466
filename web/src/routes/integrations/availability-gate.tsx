import type { ReactNode } from 'react';
import { NotConfigured, type SystemSettings } from '../../components/ui/not-configured';
import { QueryState, type QueryLike } from '../../components/ui/query-state';

/**
 * A system whose adapter the server reports as available or not (the registry, mesh two): `children`
 * once it is, else the "not configured" notice saying why (decision 1195). The availability read's own
 * states (loading, error, a 503 "not configured") come first, like any other read's.
 */
export function AvailabilityGate({
  query,
  label,
  system,
  notice,
  children,
}: {
  query: QueryLike<{ available: boolean; reason?: string | null }>;
  /** What is loading, in "Loading …". */
  label: string;
  system: SystemSettings;
  /** The notice's text, given the server's reason when it says one. */
  notice: (reason: string | null | undefined) => ReactNode;
  children: ReactNode;
}) {
  return (
    <QueryState query={query} label={label} system={system}>
      {(a) => (a.available ? children : <NotConfigured {...system}>{notice(a.reason)}</NotConfigured>)}
    </QueryState>
  );
}
