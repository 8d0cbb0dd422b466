// The query keys each server event makes stale. Events name the thing that changed; the cache drops
// every list it may appear in (and search, whose answers include components). The map is keyed by
// the names the server exports for its socket (src/shared/events.ts, imported as a type only, so nothing
// of the server reaches the bundle): a server event missing here, or a name the server does not send,
// is a type error (decisions 944, 946).
import { apiKeys } from '../routes/apis/keys';
import { catalogKeys } from '../routes/catalog/keys';
import { scaffoldKeys } from '../routes/create/keys';
import { deploymentKeys } from '../routes/deployments/keys';
import { incidentKeys } from '../routes/incidents/keys';
import { notificationKeys } from '../routes/notifications/keys';
import { pipelineKeys } from '../routes/pipelines/keys';
import { scorecardKeys } from '../routes/scorecards/keys';
import { searchKeys } from '../routes/search/keys';
import { teamKeys } from '../routes/teams/keys';
import type { SocketEventName } from '../../../src/shared/events';

type Key = readonly unknown[];

const idOf = (payload: unknown) =>
  typeof payload === 'object' && payload !== null && typeof (payload as { id?: unknown }).id === 'string'
    ? (payload as { id: string }).id
    : undefined;

const component = (payload: unknown): Key[] => {
  const id = idOf(payload);
  return [catalogKeys.all(), searchKeys.all(), teamKeys.all(), ...(id ? [catalogKeys.component(id)] : [])];
};
const incidents = (): Key[] => [incidentKeys.all()];
const pipelines = (): Key[] => [pipelineKeys.all()];
const deployments = (): Key[] => [deploymentKeys.all()];
const scaffold = (): Key[] => [catalogKeys.all(), scaffoldKeys.all()];
/** Streams a page follows itself (a run's log lines, a pipeline's notices): no cache entry to drop. */
const none = (): Key[] => [];

const eventKeys: Record<SocketEventName, (payload: unknown) => Key[]> = {
  'api-spec:deprecated': () => [apiKeys.all(), catalogKeys.all()],
  'ci.build.updated': pipelines,
  'component.created': component,
  'component.deleted': component,
  'component.updated': component,
  'deployment.created': deployments,
  'deployment.updated': deployments,
  'incident.deleted': incidents,
  'incident.update.created': incidents,
  'incident.updated': incidents,
  INCIDENT_CREATED: incidents,
  INCIDENT_STATUS_CHANGED: incidents,
  'notification.created': () => [notificationKeys.all()],
  'pipeline.log': none,
  'pipeline.notify': none,
  'pipeline.run.updated': pipelines,
  'rollout.updated': deployments,
  'scaffold.completed': scaffold,
  'scaffold.failed': scaffold,
  'scorecard.level.changed': () => [scorecardKeys.all()],
};

const isSocketEvent = (name: string): name is SocketEventName => Object.hasOwn(eventKeys, name);

/** The query keys a server event makes stale; none for a name the server does not send. */
export function keysForEvent(event: string, payload: unknown): Key[] {
  return isSocketEvent(event) ? eventKeys[event](payload) : [];
}

/** Every event the server sends on its socket, by the server's own names (the map above is checked against them). */
export const SOCKET_EVENT_NAMES = Object.keys(eventKeys) as SocketEventName[];
