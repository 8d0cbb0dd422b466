// The dora area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const doraKeys = {
  all: () => ['dora'] as const,
  metrics: (params: object) => ['dora', 'metrics', params] as const,
  drilldown: (kind: string, params: object) => ['dora', 'drilldown', kind, params] as const,
};
