import type { EventAudience, EventMap, EventName } from '../../infra/events.js';
import type { NotificationKind } from './notifications.schemas.js';

/** What the notifications module asks of the rest of the platform to find who should hear of an event. */
export interface NotificationsDirectory {
  /** Ids of the members of the team with this name (none when there is no such team). */
  teamMemberIds(teamName: string): Promise<string[]>;
  /** The owners (team names) of these components, where set. */
  componentOwners(componentIds: string[]): Promise<string[]>;
  incident(
    id: string,
  ): Promise<{ title: string; severity: string; status: string; commanderUserId: string | null; affectedComponentIds: string[] } | undefined>;
  /** The organizations a user belongs to. */
  organizationIdsOf(userId: string): Promise<string[]>;
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
] as const satisfies readonly EventName[];

const RUN_NEWS: Record<string, string> = {
  succeeded: 'succeeded',
  failed: 'failed',
  cancelled: 'was cancelled',
  waiting_approval: 'is waiting for approval',
};

const uniq = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((x): x is string => !!x))];

/**
 * Who should hear of an event and what they read (decision 741): a component's changes go to the
 * members of its owning team; an incident's creation and status moves to the members of the teams
 * owning its affected components and to its commander (not to the one who moved it); a pipeline
 * run's end or approval wait to the user who triggered it, if that user may still read the run
 * (a member of its organization, or an admin: decision 743).
 */
export async function derive<K extends EventName>(
  dir: NotificationsDirectory,
  name: K,
  payload: EventMap[K],
  audience?: EventAudience,
): Promise<Derived | undefined> {
  const p = payload as Record<string, unknown>;
  switch (name as string) {
    case 'component.created':
    case 'component.updated':
    case 'component.deleted': {
      const c = p as unknown as EventMap['component.created'];
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
        link: verb === 'deleted' ? null : `/catalog/${encodeURIComponent(c.kind.toLowerCase())}/default/${encodeURIComponent(c.name)}`,
        dedupeKey: `${name}:${c.id}`,
      };
    }
    case 'INCIDENT_CREATED':
    case 'INCIDENT_STATUS_CHANGED': {
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
        title: created ? `Incident declared (${incident.severity}): ${incident.title}` : `Incident ${incident.title} is now ${e.newStatus}`,
        body: created ? 'It affects a component of your team.' : `It moved from ${e.previousStatus} to ${e.newStatus}.`,
        link: `/incidents/${e.incidentId}`,
        dedupeKey: created ? `incident:${e.incidentId}:created` : `incident:${e.incidentId}:status`,
      };
    }
    case 'pipeline.run.updated': {
      const run = p as unknown as EventMap['pipeline.run.updated'];
      const news = RUN_NEWS[run.status];
      if (!news || !run.triggeredBy) return undefined;
      const organizationId = audience?.organizationId ?? null;
      if (organizationId && !(await dir.isAdmin(run.triggeredBy)) && !(await dir.organizationIdsOf(run.triggeredBy)).includes(organizationId)) return undefined;
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
    default:
      return undefined;
  }
}
