// The search area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const searchKeys = {
  all: () => ['search'] as const,
  results: (params: object) => ['search', params] as const,
};
