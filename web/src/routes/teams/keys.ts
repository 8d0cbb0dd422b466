// The teams area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const teamKeys = {
  all: () => ['teams'] as const,
  list: (params: object) => ['teams', 'list', params] as const,
  team: (id: string) => ['teams', 'team', id] as const,
  members: (id: string) => ['teams', 'members', id] as const,
  components: (id: string, params: object) => ['teams', 'components', id, params] as const,
};
