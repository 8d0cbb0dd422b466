// The events the server pushes on the `/events` Socket.IO namespace: the names of its EventMap
// (src/infra/events.ts and each module's declaration merge), as the interface spells them. The
// event-to-query map (event-keys.ts) must name every one of them and no other, so a renamed or new
// server event fails the portal's type check; server-events.unit.test.ts holds this list to the
// server's EventMap until the server exports the list itself (decision 944).
export const SERVER_EVENTS = [
  'api-spec:deprecated',
  'ci.build.updated',
  'component.created',
  'component.deleted',
  'component.updated',
  'deployment.created',
  'deployment.updated',
  'incident.deleted',
  'incident.update.created',
  'incident.updated',
  'INCIDENT_CREATED',
  'INCIDENT_STATUS_CHANGED',
  'notification.created',
  'pipeline.log',
  'pipeline.notify',
  'pipeline.run.updated',
  'rollout.updated',
  'scaffold.completed',
  'scaffold.failed',
  'scorecard.level.changed',
] as const;

export type ServerEvent = (typeof SERVER_EVENTS)[number];

const known: ReadonlySet<string> = new Set(SERVER_EVENTS);
export const isServerEvent = (name: string): name is ServerEvent => known.has(name);
