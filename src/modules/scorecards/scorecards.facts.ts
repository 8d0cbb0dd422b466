/**
 * The facts rules may test (decision 533): the entity's own fields and what Hangar computes from
 * other modules' records. Each fact belongs to a source, so a batch reads only the sources its
 * scorecards' rules name (one bulk query per source, never one per entity).
 */
export type FactType = 'string' | 'number' | 'boolean' | 'strings';
export type FactSource =
  'entity' | 'apiSpecs' | 'incidents' | 'deployments' | 'vulnerabilities' | 'iac' | 'cost' | 'dora';

interface FactDefinition {
  type: FactType;
  source: FactSource;
  description: string;
}

export const FACTS = {
  'entity.name': { type: 'string', source: 'entity', description: 'the entity name' },
  'entity.namespace': { type: 'string', source: 'entity', description: 'the namespace' },
  'entity.kind': { type: 'string', source: 'entity', description: "Hangar's kind (service, website, library, …)" },
  'entity.entityKind': {
    type: 'string',
    source: 'entity',
    description: 'the Backstage kind (Component, API, Resource, System, Domain)',
  },
  'entity.type': { type: 'string', source: 'entity', description: 'spec.type' },
  'entity.lifecycle': { type: 'string', source: 'entity', description: 'spec.lifecycle' },
  'entity.owner': { type: 'string', source: 'entity', description: 'the owner reference as written' },
  'entity.system': { type: 'string', source: 'entity', description: 'the system reference as written' },
  'entity.tags': { type: 'strings', source: 'entity', description: 'the tags' },
  'entity.title': { type: 'string', source: 'entity', description: 'the title' },
  'owner.set': { type: 'boolean', source: 'entity', description: 'an owner is given' },
  'owner.resolvable': { type: 'boolean', source: 'entity', description: 'the owner names a team Hangar knows' },
  'description.present': { type: 'boolean', source: 'entity', description: 'a non-blank description' },
  'links.count': { type: 'number', source: 'entity', description: 'how many links the entity declares' },
  'apiSpecs.count': { type: 'number', source: 'apiSpecs', description: 'API specs registered (distinct names)' },
  'apiSpecs.lifecycles': {
    type: 'strings',
    source: 'apiSpecs',
    description: 'the statuses of the latest version of each spec (active, deprecated, sunset)',
  },
  'apiSpecs.breakingChanges': {
    type: 'number',
    source: 'apiSpecs',
    description: 'breaking changes between the last two versions of its specs (summed)',
  },
  'incidents.open.total': {
    type: 'number',
    source: 'incidents',
    description: 'unresolved incidents naming the entity',
  },
  'incidents.open.P1': { type: 'number', source: 'incidents', description: 'unresolved P1 incidents' },
  'incidents.open.P2': { type: 'number', source: 'incidents', description: 'unresolved P2 incidents' },
  'incidents.open.P3': { type: 'number', source: 'incidents', description: 'unresolved P3 incidents' },
  'incidents.open.P4': { type: 'number', source: 'incidents', description: 'unresolved P4 incidents' },
  'deployments.daysSinceLast': {
    type: 'number',
    source: 'deployments',
    description: 'days since the last successful deployment (no value without one)',
  },
  'deployments.successRate': {
    type: 'number',
    source: 'deployments',
    description: 'percentage of finished deployments of the last 30 days that succeeded (no value without one)',
  },
  'vulnerabilities.critical': {
    type: 'number',
    source: 'vulnerabilities',
    description: 'critical findings in its images (last scan)',
  },
  'vulnerabilities.high': {
    type: 'number',
    source: 'vulnerabilities',
    description: 'high findings in its images (last scan)',
  },
  'iac.driftedStacks': {
    type: 'number',
    source: 'iac',
    description: 'its IaC stacks whose latest run is a plan with changes',
  },
  'cost.monthly': {
    type: 'number',
    source: 'cost',
    description: 'the last synced 7-day cost scaled to 30 days (no value before a sync)',
  },
  'dora.deploymentFrequency': { type: 'number', source: 'dora', description: 'deployments per day over 30 days' },
  'dora.changeLeadTimeHours': { type: 'number', source: 'dora', description: 'median change lead time, hours' },
  'dora.changeFailureRate': { type: 'number', source: 'dora', description: 'change failure percentage' },
  'dora.recoveryTimeHours': {
    type: 'number',
    source: 'dora',
    description: 'median failed-deployment recovery time, hours',
  },
} as const satisfies Record<string, FactDefinition>;

export type FactName = keyof typeof FACTS;
export type FactValue = string | number | boolean | string[] | null;
/** The facts of one entity, by name; a missing or null fact has no data. */
export type Facts = Partial<Record<FactName, FactValue>>;

export const isFact = (name: string): name is FactName => Object.hasOwn(FACTS, name);
export const sourceOf = (name: FactName): FactSource => FACTS[name].source;
