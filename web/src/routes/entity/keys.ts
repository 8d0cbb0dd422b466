// The entity area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
/** How many pipelines and incidents a tab scans for the ones that reach this component (decision 173). */
export const SCAN_LIMIT = 100;

export const entityKeys = {
  relations: (id: string) => ['catalog', 'relations', id] as const,
  deployments: (id: string) => ['deployments', 'component', id] as const,
  environments: () => ['deployments', 'environments'] as const,
  pipelines: () => ['pipelines', 'list', SCAN_LIMIT] as const,
  runs: (pipelineId: string) => ['pipelines', 'runs', pipelineId] as const,
  incidents: () => ['incidents', 'latest', SCAN_LIMIT] as const,
  integration: (name: string, ...rest: unknown[]) => ['integration', name, ...rest] as const,
};
