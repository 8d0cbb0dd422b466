import type { Executor } from '../../db/client.js';
import type { ScorecardLevel, ScorecardRule } from '../../db/schema/scorecards.js';
import { organizationsLookup } from '../organizations/index.js';
import { scorecardsRepository as repo } from './scorecards.repository.js';

/**
 * The shipped "Production readiness" scorecard (decision 536): one per organization and one shared
 * by everyone outside any (decision 560), editable by admins; when deleted, it is created again with
 * this definition.
 */
const PRODUCTION_READINESS = {
  builtinKey: 'production-readiness',
  name: 'Production readiness',
  description: 'Ownership, documentation, security, incidents and delivery health of production components.',
  filter: { kinds: ['Component'], lifecycles: ['production'] },
  levels: [
    { name: 'Bronze', colour: '#b08d57' },
    { name: 'Silver', colour: '#a8a9ad' },
    { name: 'Gold', colour: '#d4af37' },
  ] satisfies ScorecardLevel[],
  rules: [
    rule('owner-set', 'Has an owner', 'Bronze', 2, 'No owner is set.', {
      fact: 'owner.set',
      operator: 'equals',
      value: true,
    }),
    rule('owner-resolvable', 'Owner is a known team', 'Bronze', 1, 'The owner does not name a team Hangar knows.', {
      fact: 'owner.resolvable',
      operator: 'equals',
      value: true,
    }),
    rule('description', 'Has a description', 'Bronze', 1, 'The entity has no description.', {
      fact: 'description.present',
      operator: 'equals',
      value: true,
    }),
    rule('links', 'Has links (runbook, dashboards)', 'Silver', 1, 'The entity declares no links.', {
      fact: 'links.count',
      operator: 'greaterThanOrEqual',
      value: 1,
    }),
    rule(
      'no-critical-vulnerabilities',
      'No critical vulnerabilities',
      'Silver',
      3,
      'Its images have critical vulnerabilities.',
      {
        fact: 'vulnerabilities.critical',
        operator: 'equals',
        value: 0,
      },
    ),
    rule('no-open-p1', 'No open P1 incident', 'Silver', 2, 'A P1 incident naming it is still open.', {
      fact: 'incidents.open.P1',
      operator: 'equals',
      value: 0,
    }),
    rule(
      'deployed-recently',
      'Deployed in the last 30 days',
      'Silver',
      1,
      'No successful deployment in the last 30 days.',
      {
        fact: 'deployments.daysSinceLast',
        operator: 'lessThanOrEqual',
        value: 30,
      },
    ),
    rule('no-high-vulnerabilities', 'No high vulnerabilities', 'Gold', 2, 'Its images have high vulnerabilities.', {
      fact: 'vulnerabilities.high',
      operator: 'equals',
      value: 0,
    }),
    rule(
      'deployment-success',
      'Deployments succeed (90% or more)',
      'Gold',
      1,
      'Fewer than 90% of its deployments of the last 30 days succeeded.',
      {
        fact: 'deployments.successRate',
        operator: 'greaterThanOrEqual',
        value: 90,
      },
    ),
    rule(
      'no-breaking-changes',
      'No breaking change in its last API version',
      'Gold',
      1,
      'The last version of an API spec has breaking changes.',
      {
        fact: 'apiSpecs.breakingChanges',
        operator: 'equals',
        value: 0,
      },
    ),
    rule('no-sunset-apis', 'No sunset API still registered', 'Gold', 1, 'An API spec is sunset.', {
      fact: 'apiSpecs.lifecycles',
      operator: 'notContains',
      value: 'sunset',
    }),
    rule('no-drift', 'No IaC drift', 'Gold', 1, 'A stack of it drifted from its code (its latest plan has changes).', {
      fact: 'iac.driftedStacks',
      operator: 'equals',
      value: 0,
    }),
  ] satisfies ScorecardRule[],
};

/** The built-in of each organization named, and the shared one when `null` is among them (decision 560). */
export async function ensureBuiltins(db: Executor, organizationIds: (string | null)[]) {
  const { builtinKey, name, description, filter, levels, rules } = PRODUCTION_READINESS;
  if (organizationIds.includes(null))
    await repo.ensureSharedBuiltin(db, { builtinKey, name, description, filter, levels, rules });
  const ids = organizationIds.filter((id): id is string => Boolean(id));
  if (ids.length === 0) return;
  await repo.ensureBuiltins(
    db,
    ids.map((organizationId) => ({ organizationId, builtinKey, name, description, filter, levels, rules })),
  );
}

/** Every organization's built-in and the shared one (at start and before each hourly run: decisions 536, 560). */
export async function ensureAllBuiltins(db: Executor) {
  await ensureBuiltins(db, [null, ...(await organizationsLookup.allOrganizationIds(db))]);
}

function rule(
  key: string,
  title: string,
  level: string,
  weight: number,
  failureMessage: string,
  condition: ScorecardRule['condition'],
): ScorecardRule {
  return { key, title, level, weight, failureMessage, remediationUrl: null, condition };
}
