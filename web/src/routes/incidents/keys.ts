// The incidents area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const incidentKeys = {
  all: () => ['incidents'] as const,
  list: (q: object) => ['incidents', 'list', q] as const,
  incident: (id: string) => ['incidents', 'incident', id] as const,
  timeline: (id: string) => ['incidents', 'timeline', id] as const,
  postMortem: (id: string) => ['incidents', 'post-mortem', id] as const,
  suggestedCauses: (id: string) => ['incidents', 'suggested-causes', id] as const,
  components: (q: string) => ['catalog', 'incident-picker', q] as const,
};
