// The integrations area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const integrationKeys = {
  all: () => ['integration'] as const,
  of: (name: string, ...rest: unknown[]) => ['integration', name, ...rest] as const,
  /** CI builds: refreshed by `ci.build.updated` (keysForEvent maps it to the pipelines area). */
  ci: (name: string, ...rest: unknown[]) => ['pipelines', 'ci', name, ...rest] as const,
  /** Rollouts: refreshed by `rollout.updated` (the deployments area). */
  rollouts: () => ['deployments', 'rollouts'] as const,
};
