// The deployments area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
import type { DeploymentQuery } from './queries';

export const deploymentKeys = {
  all: () => ['deployments'] as const,
  feed: (query: DeploymentQuery) => ['deployments', 'feed', query] as const,
  latest: (environmentId: string) => ['deployments', 'latest', environmentId] as const,
  environments: () => ['deployments', 'environments'] as const,
  deployment: (id: string) => ['deployments', 'deployment', id] as const,
  environment: (id: string) => ['deployments', 'environment', id] as const,
  dora: (id: string) => ['deployments', 'dora', id] as const,
};
