// The admin area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const adminKeys = {
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
  discovery: (orgId: string | null) => ['admin', 'discovery', orgId] as const,
  discoveryStatus: (id: string) => ['admin', 'discovery-status', id] as const,
  audit: (orgId: string | null, params: object) => ['admin', 'audit', orgId, params] as const,
  webhooks: (orgId: string | null) => ['admin', 'webhooks', orgId] as const,
  webhookDeliveries: (orgId: string | null, id: string) => ['admin', 'webhooks', orgId, 'deliveries', id] as const,
};
