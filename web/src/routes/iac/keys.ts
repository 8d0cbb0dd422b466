// The iac area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
import type { ModuleQuery } from './queries';

export const iacKeys = {
  all: () => ['iac'] as const,
  dashboard: () => ['iac', 'dashboard'] as const,
  stacks: (environment?: string) => ['iac', 'stacks', environment ?? null] as const,
  stack: (id: string) => ['iac', 'stack', id] as const,
  runs: (id: string, page: number) => ['iac', 'runs', id, page] as const,
  resources: (id: string) => ['iac', 'resources', id] as const,
  drift: () => ['iac', 'drift'] as const,
  modules: (query: ModuleQuery) => ['iac', 'modules', query] as const,
  module: (id: string) => ['iac', 'module', id] as const,
  versions: (id: string) => ['iac', 'versions', id] as const,
  component: (id: string) => ['iac', 'component', id] as const,
};
