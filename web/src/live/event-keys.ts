// Query keys, one factory per area. Every key starts with its area, so a live event can invalidate
// a whole area (`['catalog']`) or one entity (`['catalog', 'component', id]`) with a prefix match.
export const queryKeys = {
  me: () => ['session', 'me'] as const,
  account: {
    all: () => ['account'] as const,
    providers: () => ['account', 'providers'] as const,
    me: () => ['account', 'me'] as const,
    tokens: (userId?: string) => ['account', 'tokens', userId ?? 'mine'] as const,
    serviceAccounts: (params: object) => ['account', 'service-accounts', params] as const,
  },
  catalog: {
    all: () => ['catalog'] as const,
    list: (params: object) => ['catalog', 'list', params] as const,
    facets: (params: object) => ['catalog', 'facets', params] as const,
    component: (id: string) => ['catalog', 'component', id] as const,
    people: (params: object) => ['catalog', 'people', params] as const,
  },
  search: (params: object) => ['search', params] as const,
  teams: {
    all: () => ['teams'] as const,
    list: (params: object) => ['teams', 'list', params] as const,
    team: (id: string) => ['teams', 'team', id] as const,
    members: (id: string) => ['teams', 'members', id] as const,
    components: (id: string, params: object) => ['teams', 'components', id, params] as const,
  },
  apiSpecs: { all: () => ['api-specs'] as const },
  pipelines: {
    all: () => ['pipelines'] as const,
    list: (params: object) => ['pipelines', 'list', params] as const,
    pipeline: (id: string) => ['pipelines', 'pipeline', id] as const,
    runs: (id: string) => ['pipelines', 'runs', id] as const,
    run: (id: string, runId: string) => ['pipelines', 'run', id, runId] as const,
  },
  incidents: { all: () => ['incidents'] as const },
  deployments: { all: () => ['deployments'] as const },
  dashboards: { all: () => ['dashboards'] as const },
  notifications: { all: () => ['notifications'] as const },
  admin: {
    all: () => ['admin'] as const,
    users: (params: object) => ['admin', 'users', params] as const,
    organizations: () => ['admin', 'organizations'] as const,
    organization: (id: string) => ['admin', 'organizations', id] as const,
    members: (id: string) => ['admin', 'members', id] as const,
    teamMembers: (id: string) => ['admin', 'team-members', id] as const,
    environments: () => ['admin', 'environments'] as const,
    credentials: (orgId: string | null) => ['admin', 'credentials', orgId] as const,
    templates: () => ['admin', 'templates'] as const,
    locations: (params: object) => ['admin', 'locations', params] as const,
  },
  dora: {
    all: () => ['dora'] as const,
    metrics: (params: object) => ['dora', 'metrics', params] as const,
    drilldown: (kind: string, params: object) => ['dora', 'drilldown', kind, params] as const,
  },
  scaffold: { all: () => ['scaffold'] as const },
  scorecards: {
    all: () => ['scorecards'] as const,
    list: (params: object) => ['scorecards', 'list', params] as const,
    scorecard: (id: string) => ['scorecards', 'scorecard', id] as const,
    results: (id: string, params: object) => ['scorecards', 'results', id, params] as const,
    entity: (id: string) => ['scorecards', 'entity', id] as const,
    history: (id: string, scorecardId: string) => ['scorecards', 'history', id, scorecardId] as const,
  },
};

type Key = readonly unknown[];

/**
 * The query keys a server event makes stale. Events name the thing that changed; the cache drops
 * every list it may appear in (and search, whose answers include components).
 */
export function keysForEvent(event: string, payload: unknown): Key[] {
  const id =
    typeof payload === 'object' && payload !== null && typeof (payload as { id?: unknown }).id === 'string' ? (payload as { id: string }).id : undefined;
  if (event.startsWith('component.')) return [queryKeys.catalog.all(), ['search'], queryKeys.teams.all(), ...(id ? [queryKeys.catalog.component(id)] : [])];
  if (event.startsWith('api-spec')) return [queryKeys.apiSpecs.all(), queryKeys.catalog.all()];
  if (event.startsWith('pipeline.run') || event.startsWith('ci.build')) return [queryKeys.pipelines.all()];
  if (event.startsWith('rollout.')) return [queryKeys.deployments.all()];
  if (event.startsWith('INCIDENT_') || event.startsWith('incident.')) return [queryKeys.incidents.all()];
  if (event.startsWith('notification.')) return [queryKeys.notifications.all()];
  if (event.startsWith('scaffold.')) return [queryKeys.catalog.all(), queryKeys.scaffold.all()];
  if (event.startsWith('deployment.')) return [queryKeys.deployments.all()];
  if (event.startsWith('scorecard.')) return [queryKeys.scorecards.all()];
  return [];
}
