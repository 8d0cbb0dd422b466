/**
 * The names of the events the server sends on the `/events` socket, in the spellings the interface
 * gave them (decision 606). Shared with the portal, which imports it (type-only or as a value) so a
 * renamed or removed event fails its build (decision 921); the server's build fails when this list
 * and its event map (src/infra/events.ts) disagree. This file imports nothing: the portal compiles it.
 */
export const SOCKET_EVENTS = [
  'component.created',
  'component.updated',
  'component.deleted',
  'api-spec:deprecated',
  'rollout.updated',
  'pipeline.run.updated',
  'pipeline.log',
  'pipeline.notify',
  'INCIDENT_CREATED',
  'INCIDENT_STATUS_CHANGED',
  'incident.update.created',
  'incident.updated',
  'incident.deleted',
  'ci.build.updated',
  'scaffold.completed',
  'scaffold.failed',
  'notification.created',
  'deployment.created',
  'deployment.updated',
  'scorecard.level.changed',
] as const;

/** One socket event's name. */
export type SocketEventName = (typeof SOCKET_EVENTS)[number];
