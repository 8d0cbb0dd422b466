import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, uniq, type TestApp } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/**
 * The decision table of docs/modules/permissions.md, row by row, from the outside (decision 951):
 * every row is asked by six callers: an admin, a maintainer and a member of the owning team, a
 * maintainer of another team, a plain user and a member of another organization.
 *
 * Shared by the permissions-*.test.ts files (decision 1131): each file builds its own app and personas
 * with `usePersonas()`, so the table's row groups run in parallel.
 */
export type Persona = 'admin' | 'maintainer' | 'member' | 'otherTeam' | 'plain' | 'foreign';
export const PERSONAS: Persona[] = ['admin', 'maintainer', 'member', 'otherTeam', 'plain', 'foreign'];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Personas {
  t: TestApp;
  /** Statements the app ran, when `usePersonas({ recordQueries: true })`. */
  queries: string[];
  tokens: Record<Persona, string>;
  ids: Record<Persona, string>;
  /** Team A: the owning team (maintainer, member); team B: another team (otherTeam maintains it); team C: maintainer maintains it too. */
  teamA: string;
  teamB: string;
  teamC: string;
  /** Organization A holds every persona but `foreign`, who belongs to organization B only. */
  orgA: string;
  /** A scorecard of organization A, when `usePersonas({ scorecard: true })`. */
  card: string;
  call(
    who: Persona | string,
    method: Method,
    url: string,
    payload?: object,
    org?: string,
  ): Promise<LightMyRequestResponse>;
  asAdmin(method: Method, url: string, payload?: object, org?: string): Promise<LightMyRequestResponse>;
  /** A catalog entity owned by `teamId` (or naming `owner`, no known team), written straight to its table. */
  entityOf(teamId: string | null, owner?: string): Promise<string>;
  specOf(entity: string): Promise<string>;
  incidentOf(components: string[], commanderUserId?: string): Promise<string>;
}

export async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().id as string;
}

export const SPEC = { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths: {} };

async function setUp(p: Personas, options: { recordQueries?: boolean; scorecard?: boolean }) {
  const { asAdmin, ids, tokens } = p;
  p.t = await buildTestApp(
    {},
    await createTestDatabase(undefined, options.recordQueries ? { onQuery: (q) => p.queries.push(q) } : {}),
  );
  tokens.admin = await p.t.adminToken();
  ids.admin = (await asAdmin('GET', '/api/v1/auth/me')).json().id;
  for (const who of PERSONAS.filter((who) => who !== 'admin')) {
    const user = await p.t.newUser(`perm-${who}`);
    tokens[who] = user.token;
    ids[who] = user.id;
  }
  const team = () => created(asAdmin('POST', '/api/v1/teams', { name: uniq('team'), type: 'dev' }));
  [p.teamA, p.teamB, p.teamC] = [await team(), await team(), await team()];
  const join = (teamId: string, who: Persona, role: 'maintainer' | 'member') =>
    created(asAdmin('POST', `/api/v1/teams/${teamId}/members/${ids[who]}`, { role }));
  await join(p.teamA, 'maintainer', 'maintainer');
  await join(p.teamA, 'member', 'member');
  await join(p.teamB, 'otherTeam', 'maintainer');
  await join(p.teamC, 'maintainer', 'maintainer');
  const org = () => created(asAdmin('POST', '/api/v1/organizations', { name: uniq('Org'), slug: uniq('org') }));
  p.orgA = await org();
  const orgB = await org();
  for (const who of ['maintainer', 'member', 'otherTeam', 'plain'] as const)
    await created(asAdmin('POST', `/api/v1/organizations/${p.orgA}/members`, { userId: ids[who], role: 'member' }));
  await created(asAdmin('POST', `/api/v1/organizations/${orgB}/members`, { userId: ids.foreign, role: 'member' }));
  if (!options.scorecard) return;
  p.card = await created(
    asAdmin(
      'POST',
      '/api/v1/scorecards',
      {
        name: uniq('card'),
        filter: { tags: [uniq('perm')] },
        levels: [{ name: 'Bronze', colour: '#b08d57' }],
        rules: [
          {
            key: 'described',
            level: 'Bronze',
            condition: { fact: 'description.present', operator: 'equals', value: true },
          },
        ],
      },
      p.orgA,
    ),
  );
}

/** This file's app, personas, teams and organizations: built in beforeAll, closed in afterAll. */
export function usePersonas(options: { recordQueries?: boolean; scorecard?: boolean } = {}): Personas {
  const p = { queries: [] as string[], tokens: {}, ids: {} } as Personas;
  p.call = (who, method, url, payload, org) =>
    p.t.app.inject({
      method,
      url,
      headers: {
        ...bearer(who in p.tokens ? p.tokens[who as Persona] : who),
        ...(org ? { 'x-organization-id': org } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  p.asAdmin = (method, url, payload, org) => p.call('admin', method, url, payload, org);
  // The entities a row acts on are its setting, not its subject: a row (~5 ms) instead of an admin's POST (~100 ms on PGlite).
  p.entityOf = async (teamId, owner) =>
    (await insertComponent(p.t.database.db, teamId ? { teamId } : { owner: owner ?? uniq('nobody') })).id;
  p.specOf = (entity) =>
    created(
      p.asAdmin('POST', `/api/v1/catalog/components/${entity}/api-specs`, {
        name: uniq('api'),
        version: '1',
        spec: SPEC,
      }),
    );
  p.incidentOf = (components, commanderUserId) =>
    created(
      p.asAdmin('POST', '/api/v1/incidents', {
        title: uniq('down'),
        severity: 'P2',
        affectedComponentIds: components,
        ...(commanderUserId ? { commanderUserId } : {}),
      }),
    );
  // Six sign-ups, two organizations (and a scorecard): more than the default hook time on a loaded machine.
  beforeAll(() => setUp(p, options), 180_000);
  afterAll(() => p.t.close());
  return p;
}

export interface Row {
  row: string;
  /** Prepares fresh resources as the admin, then asks as `who`. */
  ask(who: Persona): Promise<LightMyRequestResponse>;
  expected: Record<Persona, number>;
}

export const answers = (
  admin: number,
  maintainer: number,
  member: number,
  otherTeam: number,
  plain: number,
  foreign: number,
): Record<Persona, number> => ({ admin, maintainer, member, otherTeam, plain, foreign });

/** Each row asked by the six personas; a refusal says why, in the policy's words. */
export function askRows(rows: Row[]) {
  describe.each(rows)('$row', ({ ask, expected }) => {
    it.each(PERSONAS)('%s', async (who) => {
      const res = await ask(who);
      expect(res.statusCode, res.body).toBe(expected[who]);
      if (res.statusCode === 403) expect(res.json().message).toMatch(/admins|read-only/);
    });
  });
}
