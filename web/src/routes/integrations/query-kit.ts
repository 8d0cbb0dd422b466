// The two shapes every integration hook is made of: a read keyed under `integration`, and an admin
// action that refetches what it changed (decision 947).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const useGet = <T>(
  key: readonly unknown[],
  fn: (signal: AbortSignal) => Promise<T>,
  extra: { enabled?: boolean; staleTime?: number } = {},
) => useQuery({ queryKey: key, queryFn: ({ signal }) => fn(signal), ...extra });

/** An admin action on a platform; afterwards the lists it changes are refetched. */
export function useAction<R, V = void>(fn: (v: V) => Promise<R>, keys: readonly (readonly unknown[])[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => keys.forEach((queryKey) => void client.invalidateQueries({ queryKey })),
  });
}
