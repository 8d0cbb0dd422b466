import type { ReactNode } from 'react';
import { ErrorState } from './states';

/** What ActionOutcome reads of a mutation (TanStack Query's `useMutation` result). */
interface ActionLike<D, V> {
  error: unknown;
  isSuccess: boolean;
  data: D | undefined;
  variables: V | undefined;
}

/**
 * A write's outcome beside its button (decision 795): its error, or once it succeeded what it did, as
 * a status message read out by screen readers; nothing while idle or pending.
 */
export function ActionOutcome<D, V>({
  action,
  done,
}: {
  action: ActionLike<D, V>;
  done: (data: D, variables: V) => ReactNode;
}) {
  if (action.error) return <ErrorState error={action.error} />;
  if (!action.isSuccess) return null;
  return (
    <p role="status" className="text-[13px]">
      {done(action.data as D, action.variables as V)}
    </p>
  );
}
