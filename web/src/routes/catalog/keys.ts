// The catalog area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const catalogKeys = {
  all: () => ['catalog'] as const,
  list: (params: object) => ['catalog', 'list', params] as const,
  facets: (params: object) => ['catalog', 'facets', params] as const,
  entity: (kind: string, namespace: string, name: string) => ['catalog', 'entity', kind, namespace, name] as const,
  component: (id: string) => ['catalog', 'component', id] as const,
  people: (params: object) => ['catalog', 'people', params] as const,
};
