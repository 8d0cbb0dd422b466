// The apis area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const apiKeys = {
  all: () => ['api-specs'] as const,
  list: (params: object) => ['catalog', 'apis', params] as const,
  specs: (componentId: string) => ['api-specs', 'component', componentId] as const,
  spec: (id: string) => ['api-specs', 'spec', id] as const,
  diff: (id: string, compareWith: string) => ['api-specs', 'diff', id, compareWith] as const,
  reaches: (id: string, compareWith: string, entry: number) =>
    ['api-specs', 'diff', id, compareWith, 'reaches', entry] as const,
  consumers: (id: string) => ['api-specs', 'consumers', id] as const,
};
