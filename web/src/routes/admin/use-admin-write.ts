// The admin area's writes: every write goes through `mutate`, which keeps the server's 400 `details`
// so a form can show each problem on the field it names (decision 782).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';

/** Invalidates the admin key and, for records other pages show, that area too. */
export function useWrite<TArgs, TResult>(
  fn: (args: TArgs) => Promise<TResult>,
  also: readonly (readonly unknown[])[] = [],
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([adminKeys.all(), ...also].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
