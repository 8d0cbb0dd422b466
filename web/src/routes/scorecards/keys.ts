// The scorecards area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const scorecardKeys = {
  all: () => ['scorecards'] as const,
  list: (params: object) => ['scorecards', 'list', params] as const,
  scorecard: (id: string) => ['scorecards', 'scorecard', id] as const,
  results: (id: string, params: object) => ['scorecards', 'results', id, params] as const,
  entity: (id: string) => ['scorecards', 'entity', id] as const,
  history: (id: string, scorecardId: string) => ['scorecards', 'history', id, scorecardId] as const,
};

export const exemptionKeys = {
  list: (id: string, params: object) => ['scorecards', 'exemptions', id, params] as const,
  entity: (id: string, componentId: string) => ['scorecards', 'exemptions', id, 'entity', componentId] as const,
  team: (teamId: string) => ['scorecards', 'team-summary', teamId] as const,
};
