import { uniq } from '../../helpers/app.js';
import { answers, askRows, created, SPEC, usePersonas } from './decision-table.js';

/**
 * The decision table of docs/modules/permissions.md (decision 951), every row asked by the six personas
 * of decision-table.ts; the policy's reasons, roles and answers in advance are in permissions-reasons.test.ts.
 */
const p = usePersonas({ scorecard: true });

const exemption = (entity: string) => ({
  componentId: entity,
  ruleKey: 'described',
  reason: 'retiring in Q3',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

askRows([
  {
    row: 'create a catalog entity: a maintainer of the team it names as owner',
    ask: (who) =>
      p.call(who, 'POST', '/api/v1/catalog/components', { name: uniq('new'), kind: 'service', teamId: p.teamA }),
    expected: answers(201, 201, 403, 403, 403, 403),
  },
  {
    row: 'update an entity: members of the owning team',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/catalog/components/${await p.entityOf(p.teamA)}`, { description: 'better words' }),
    expected: answers(200, 200, 200, 403, 403, 403),
  },
  {
    row: 'delete an entity: maintainers of the owning team',
    ask: async (who) => p.call(who, 'DELETE', `/api/v1/catalog/components/${await p.entityOf(p.teamA)}`),
    expected: answers(204, 204, 403, 403, 403, 403),
  },
  {
    row: 'change its owner: maintainers of the owning team and of the new owner',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/catalog/components/${await p.entityOf(p.teamA)}`, { teamId: p.teamC }),
    expected: answers(200, 200, 403, 403, 403, 403),
  },
  {
    row: 'change its owner to a team the caller does not maintain',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/catalog/components/${await p.entityOf(p.teamA)}`, { teamId: p.teamB }),
    expected: answers(200, 403, 403, 403, 403, 403),
  },
  {
    row: 'an entity whose owner names no known team: admins only',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/catalog/components/${await p.entityOf(null)}`, { description: 'x' }),
    expected: answers(200, 403, 403, 403, 403, 403),
  },
  {
    row: 'register an API spec of an entity: members of the owning team',
    ask: async (who) =>
      p.call(who, 'POST', `/api/v1/catalog/components/${await p.entityOf(p.teamA)}/api-specs`, {
        name: uniq('api'),
        version: '1',
        spec: SPEC,
      }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'update an API spec: members of the owning team',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/api-specs/${await p.specOf(await p.entityOf(p.teamA))}`, { status: 'deprecated' }),
    expected: answers(200, 200, 200, 403, 403, 403),
  },
  {
    row: 'delete an API spec: members of the owning team',
    ask: async (who) => p.call(who, 'DELETE', `/api/v1/api-specs/${await p.specOf(await p.entityOf(p.teamA))}`),
    expected: answers(204, 204, 204, 403, 403, 403),
  },
  {
    row: 'add a consumer to an API spec: members of the owning team',
    ask: async (who) =>
      p.call(who, 'POST', `/api/v1/api-specs/${await p.specOf(await p.entityOf(p.teamA))}/consumers`, {
        consumerTeamId: p.teamB,
      }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'resolve an incident: members of a team owning an affected component',
    ask: async (who) =>
      p.call(
        who,
        'PATCH',
        `/api/v1/incidents/${await p.incidentOf([await p.entityOf(p.teamB), await p.entityOf(p.teamA)])}/status`,
        { status: 'resolved' },
      ),
    expected: answers(200, 200, 200, 200, 403, 403),
  },
  {
    row: 'edit an incident: its commander too',
    ask: async (who) =>
      p.call(who, 'PATCH', `/api/v1/incidents/${await p.incidentOf([await p.entityOf(p.teamA)], p.ids.plain)}`, {
        title: 'renamed',
      }),
    expected: answers(200, 200, 200, 403, 200, 403),
  },
  {
    row: 'write the post-mortem of an incident',
    ask: async (who) =>
      p.call(who, 'POST', '/api/v1/post-mortems', {
        incidentId: await p.incidentOf([await p.entityOf(p.teamA)]),
        rootCause: 'a full disk',
      }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'grant a scorecard exemption: maintainers of the owning team (walls of organizations first)',
    ask: async (who) =>
      p.call(
        who,
        'POST',
        `/api/v1/scorecards/${p.card}/exemptions`,
        exemption(await p.entityOf(p.teamA)),
        who === 'foreign' ? undefined : p.orgA,
      ),
    expected: answers(201, 201, 403, 403, 403, 404),
  },
  {
    row: 'withdraw a scorecard exemption: maintainers of the owning team',
    ask: async (who) => {
      const granted = await created(
        p.asAdmin('POST', `/api/v1/scorecards/${p.card}/exemptions`, exemption(await p.entityOf(p.teamA)), p.orgA),
      );
      return p.call(
        who,
        'DELETE',
        `/api/v1/scorecards/${p.card}/exemptions/${granted}`,
        undefined,
        who === 'foreign' ? undefined : p.orgA,
      );
    },
    expected: answers(204, 204, 403, 403, 403, 404),
  },
  {
    row: "manage a team's members: the team's maintainers",
    ask: async (who) => p.call(who, 'POST', `/api/v1/teams/${p.teamA}/members/${(await p.t.newUser('joiner')).id}`),
    expected: answers(201, 201, 403, 403, 403, 403),
  },
]);
