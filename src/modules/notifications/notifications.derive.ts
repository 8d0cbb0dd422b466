import type { BusEventMap, BusEventName, EventAudience } from '../../infra/events.js';
import type { NotificationKind } from './notifications.schemas.js';

/** What the notifications module asks of the rest of the platform to find who should hear of an event. */
export interface NotificationsDirectory {
  /** Ids of the members of the team with this name (none when there is no such team). */
  teamMemberIds(teamName: string): Promise<string[]>;
  /** The owners (team names) of these components, where set. */
  componentOwners(componentIds: string[]): Promise<string[]>;
  incident(id: string): Promise<
    | {
        title: string;
        severity: string;
        status: string;
        commanderUserId: string | null;
        affectedComponentIds: string[];
      }
    | undefined
  >;
  /** The organizations a user belongs to. */
  organizationIdsOf(userId: string): Promise<string[]>;
  /** The owners and admins of an organization. */
  organizationManagerIds(organizationId: string): Promise<string[]>;
  isAdmin(userId: string): Promise<boolean>;
}

/** One piece of news, for a set of users. */
export interface Derived {
  userIds: string[];
  organizationId: string | null;
  kind: NotificationKind;
  event: string;
  subjectId: string;
  title: string;
  body: string;
  link: string | null;
  /** One row per user and key: the same news again brings that row back (decision 742). */
  dedupeKey: string;
}

/** The domain events that become notifications (decision 741). */
export const NOTIFYING_EVENTS = [
  'component.created',
  'component.updated',
  'component.deleted',
  'INCIDENT_CREATED',
  'INCIDENT_STATUS_CHANGED',
  'pipeline.run.updated',
  'webhook.subscription.disabled',
] as const satisfies readonly BusEventName[];

const RUN_NEWS: Record<string, string> = {
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'was cancelled',
  waiting_approval: 'is waiting for approval',
};

const uniq = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];

// One function per kind of news (decision 1170: cut out of derive).

/** A component's change, to its owning team's members. */
async function componentNews(
  dir: NotificationsDirectory,
  name: string,
  p: Record<string, unknown>,
): Promise<Derived | undefined> {
  const c = p as unknown as BusEventMap['component.created'];
  if (!c.owner) return undefined;
  const verb = (name as string).split('.')[1];
  return {
    userIds: await dir.teamMemberIds(c.owner),
    organizationId: null,
    kind: 'component',
    event: name,
    subjectId: c.id,
    title: `${c.kind} ${c.name} was ${verb}`,
    body: `Owned by your team ${c.owner}.`,
    link:
      verb === 'deleted'
        ? null
        : `/catalog/${encodeURIComponent(c.kind.toLowerCase())}/default/${encodeURIComponent(c.name)}`,
    dedupeKey: `${name}:${c.id}`,
  };
}

/** An incident's creation or move, to its components' teams and its commander (not the mover). */
async function incidentNews(
  dir: NotificationsDirectory,
  name: string,
  p: Record<string, unknown>,
): Promise<Derived | undefined> {
  const e = p as { incidentId: string; newStatus?: string; previousStatus?: string; updatedBy?: string };
  const incident = await dir.incident(e.incidentId);
  if (!incident) return undefined;
  const owners = await dir.componentOwners(incident.affectedComponentIds);
  const members = (await Promise.all(owners.map((o) => dir.teamMemberIds(o)))).flat();
  const userIds = uniq([...members, incident.commanderUserId]).filter((id) => id !== e.updatedBy);
  const created = name === 'INCIDENT_CREATED';
  return {
    userIds,
    organizationId: null,
    kind: 'incident',
    event: name,
    subjectId: e.incidentId,
    title: created
      ? `Incident declared (${incident.severity}): ${incident.title}`
      : `Incident ${incident.title} is now ${e.newStatus}`,
    body: created ? 'It affects a component of your team.' : `It moved from ${e.previousStatus} to ${e.newStatus}.`,
    link: `/incidents/${e.incidentId}`,
    dedupeKey: created ? `incident:${e.incidentId}:created` : `incident:${e.incidentId}:status`,
  };
}

/** A run's end or approval wait, to who triggered it if they may still read it (decision 743). */
async function runNews(
  dir: NotificationsDirectory,
  name: string,
  p: Record<string, unknown>,
  audience?: EventAudience,
): Promise<Derived | undefined> {
  const run = p as unknown as BusEventMap['pipeline.run.updated'];
  const news = RUN_NEWS[run.status];
  if (!news || !run.triggeredBy) return undefined;
  const organizationId = audience?.organizationId ?? null;
  if (
    organizationId &&
    !(await dir.isAdmin(run.triggeredBy)) &&
    !(await dir.organizationIdsOf(run.triggeredBy)).includes(organizationId)
  )
    return undefined;
  const version = run.version ? ` (version ${run.version})` : '';
  return {
    userIds: [run.triggeredBy],
    organizationId,
    kind: 'pipeline_run',
    event: name,
    subjectId: run.id,
    title: `Your pipeline run ${news}`,
    body: `Run ${run.id.slice(0, 8)}${version}.`,
    link: `/pipelines/${run.pipelineId}/runs/${run.id}`,
    dedupeKey: `run:${run.id}:${run.status}`,
  };
}

/** A disabled subscription, to its organization's managers. */
async function webhookNews(
  dir: NotificationsDirectory,
  name: string,
  p: Record<string, unknown>,
): Promise<Derived | undefined> {
  // A receiver that kept failing: the organization's owners and admins re-enable or fix it (decision 1043).
  const w = p as unknown as BusEventMap['webhook.subscription.disabled'];
  return {
    userIds: await dir.organizationManagerIds(w.organizationId),
    organizationId: w.organizationId,
    kind: 'webhook',
    event: name,
    subjectId: w.subscriptionId,
    title: 'A webhook subscription was disabled',
    body: `Deliveries to ${new URL(w.url).host} stopped: ${w.reason}.`,
    link: '/admin/webhooks',
    dedupeKey: `webhook:${w.subscriptionId}:disabled`,
  };
}

/**
 * Who should hear of an event and what they read (decision 741): a component's changes go to the
 * members of its owning team; an incident's creation and status moves to the members of the teams
 * owning its affected components and to its commander (not to the one who moved it); a pipeline
 * run's end or approval wait to the user who triggered it, if that user may still read the run
 * (a member of its organization, or an admin: decision 743).
 */
export async function derive<K extends BusEventName>(
  dir: NotificationsDirectory,
  name: K,
  payload: BusEventMap[K],
  audience?: EventAudience,
): Promise<Derived | undefined> {
  const p = payload as Record<string, unknown>;
  switch (name as string) {
    case 'component.created':
    case 'component.updated':
    case 'component.deleted':
      return componentNews(dir, name, p);
    case 'INCIDENT_CREATED':
    case 'INCIDENT_STATUS_CHANGED':
      return incidentNews(dir, name, p);
    case 'pipeline.run.updated':
      return runNews(dir, name, p, audience);
    case 'webhook.subscription.disabled':
      return webhookNews(dir, name, p);
    default:
      return undefined;
  }
}
