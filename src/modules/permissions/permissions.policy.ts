/**
 * The decision table of docs/modules/permissions.md (decision 951), as one pure function over facts
 * loaded beforehand: no database, no request, so every row is testable on its own and a page of
 * entities is decided from one membership query.
 */
/** A team membership's role (decision 950; the column `team_members.role` holds the same two words). */
export type TeamRole = 'maintainer' | 'member';

export const ACTIONS = [
  'entity.create',
  'entity.update',
  'entity.delete',
  'entity.changeOwner',
  'apiSpec.write',
  'incident.update',
  'scorecard.exempt',
  'team.manageMembers',
  'pipeline.write',
  'pipeline.cancel',
  'pipeline.approve',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Who asks: the caller's global admin flag and team memberships (team id → role). */
export interface Subject {
  userId: string;
  isAdmin: boolean;
  /** A read-only personal access token: it may only read, whatever the roles (decision 836). */
  readOnly?: boolean;
  memberships: ReadonlyMap<string, TeamRole>;
}

/**
 * What the action is about. `ownerTeamId`: the team that owns the entity (by identity, decision 952),
 * null when its owner names no known team. For `entity.create` it is the team the new entity names.
 */
export interface ResourceFacts {
  ownerTeamId: string | null;
  /** `entity.changeOwner`: the team the entity would belong to afterwards (null: no known team). */
  newOwnerTeamId?: string | null;
  /** Incidents: the commander, and the teams owning the affected components. */
  commanderUserId?: string | null;
  affectedTeamIds?: readonly string[];
  /** Pipelines: whether the pipeline belongs to an entity (decision 959); absent for other resources. */
  pipelineOfEntity?: boolean;
  /** `pipeline.approve`: who triggered the run waiting for approval (decision 960). */
  triggeredByUserId?: string | null;
}

export interface Decision {
  allowed: boolean;
  reason: string;
}

const allow = (reason: string): Decision => ({ allowed: true, reason });
const deny = (reason: string): Decision => ({ allowed: false, reason });

/** What each action does, in the reasons' words. */
const VERB: Record<Action, string> = {
  'entity.create': 'create an entity owned by this team',
  'entity.update': 'update this entity',
  'entity.delete': 'delete this entity',
  'entity.changeOwner': "change this entity's owner",
  'apiSpec.write': "change this entity's API specs",
  'incident.update': 'change this incident',
  'scorecard.exempt': 'grant or withdraw scorecard exemptions for this entity',
  'team.manageMembers': "manage this team's members",
  'pipeline.write': "create, edit, delete or trigger this entity's pipelines",
  'pipeline.cancel': "cancel or reject this entity's pipeline runs",
  'pipeline.approve': "approve this entity's pipeline runs",
};

/** Who the table names for each team-based action: any member, or maintainers only. */
const NEEDS: Record<Exclude<Action, 'incident.update' | 'entity.changeOwner'>, TeamRole> = {
  'entity.create': 'maintainer',
  'entity.update': 'member',
  'entity.delete': 'maintainer',
  'apiSpec.write': 'member',
  'scorecard.exempt': 'maintainer',
  'team.manageMembers': 'maintainer',
  'pipeline.write': 'member',
  'pipeline.cancel': 'member',
  'pipeline.approve': 'member',
};

function holds(subject: Subject, teamId: string | null | undefined, needed: TeamRole): boolean {
  if (!teamId) return false;
  const role = subject.memberships.get(teamId);
  return role === 'maintainer' || (role === 'member' && needed === 'member');
}

const whom = (needed: TeamRole, team: 'owning' | 'new owning' = 'owning') =>
  needed === 'maintainer' ? `maintainers of the ${team} team` : `members of the ${team} team`;

export function can(subject: Subject, action: Action, resource: ResourceFacts): Decision {
  if (subject.readOnly) return deny('This personal access token is read-only: it may only read (GET)');
  if (subject.isAdmin) return allow('admin');
  const verb = VERB[action];
  if (action === 'incident.update') return incidentDecision(subject, resource);
  if (action === 'entity.changeOwner') return ownerChangeDecision(subject, resource);
  if (resource.pipelineOfEntity === false) return pipelineOfNoEntity(action);
  if (action === 'pipeline.approve' && resource.triggeredByUserId === subject.userId) {
    return deny(
      'The person who triggered a run may not approve it: another member of the owning team or an admin must',
    );
  }
  const needed = NEEDS[action];
  if (action !== 'team.manageMembers' && action !== 'entity.create' && !resource.ownerTeamId) {
    return deny(`This entity's owner names no known team: only admins may ${verb}`);
  }
  if (holds(subject, resource.ownerTeamId, needed))
    return allow(action === 'team.manageMembers' ? 'maintainer of the team' : `${needed} of the owning team`);
  if (action === 'team.manageMembers') return deny(`Only admins and the team's maintainers may ${verb}`);
  if (action === 'entity.create' && !resource.ownerTeamId)
    return deny(`The owner names no known team: only admins may create it`);
  return deny(`Only admins and ${whom(needed)} may ${verb}`);
}

function ownerChangeDecision(subject: Subject, resource: ResourceFacts): Decision {
  const verb = VERB['entity.changeOwner'];
  if (!resource.ownerTeamId) return deny(`This entity's owner names no known team: only admins may ${verb}`);
  if (!holds(subject, resource.ownerTeamId, 'maintainer'))
    return deny(`Only admins and ${whom('maintainer')} may ${verb}`);
  if (!resource.newOwnerTeamId) return deny('The new owner names no known team: only admins may give an entity to it');
  if (!holds(subject, resource.newOwnerTeamId, 'maintainer'))
    return deny(`Only admins and ${whom('maintainer', 'new owning')} may ${verb}`);
  return allow('maintainer of the owning team and of the new owning team');
}

function incidentDecision(subject: Subject, resource: ResourceFacts): Decision {
  if (resource.commanderUserId && resource.commanderUserId === subject.userId)
    return allow('commander of the incident');
  if (resource.affectedTeamIds?.some((teamId) => holds(subject, teamId, 'member')))
    return allow('member of a team owning an affected component');
  return deny(
    `Only admins, the commander and members of a team owning an affected component may ${VERB['incident.update']}`,
  );
}

/** A pipeline of no entity keeps the interface documents' answers (decision 959): any signed-in user writes, admins approve. */
function pipelineOfNoEntity(action: Action): Decision {
  if (action !== 'pipeline.write')
    return deny('Only admins may approve, reject or cancel runs of a pipeline that belongs to no entity');
  return allow('pipeline of no entity: any signed-in user');
}
