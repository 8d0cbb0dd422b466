// The pipelines area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const pipelineKeys = {
  all: () => ['pipelines'] as const,
  list: (params: object) => ['pipelines', 'list', params] as const,
  pipeline: (id: string) => ['pipelines', 'pipeline', id] as const,
  runs: (id: string) => ['pipelines', 'runs', id] as const,
  run: (id: string, runId: string) => ['pipelines', 'run', id, runId] as const,
  environmentOptions: () => ['pipelines', 'environment-options'] as const,
};
