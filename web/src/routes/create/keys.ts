// The create area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const scaffoldKeys = {
  all: () => ['scaffold'] as const,
  templates: () => ['scaffold', 'templates'] as const,
  template: (id: string) => ['scaffold', 'template', id] as const,
  requests: () => ['scaffold', 'requests'] as const,
  request: (id: string) => ['scaffold', 'request', id] as const,
  file: (id: string, path: string) => ['scaffold', 'file', id, path] as const,
};
