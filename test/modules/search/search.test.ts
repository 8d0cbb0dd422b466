import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogPeople } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let user: Record<string, string>;
let admin: Record<string, string>;

interface Hit {
  kind: string;
  name: string;
  match: string;
  score: number;
  entityKind: string;
}
interface Group {
  kind: string;
  total: number;
  items: Hit[];
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser('search')).token);
  const components = [
    { name: 'payments', kind: 'service', description: 'Moves money between accounts' },
    { name: 'payments-gateway', kind: 'service', description: 'Talks to the card networks' },
    { name: 'billing', kind: 'service', description: 'Handles card payments for checkout' },
    { name: 'ledger', kind: 'service', description: 'Records payments made by card' },
    { name: 'inventory-tracker', kind: 'service', title: 'Stock keeper', description: 'Counts what is on the shelves' },
    { name: 'payments-api', kind: 'api', entityKind: 'API', type: 'openapi', description: 'The public payments API' },
  ];
  for (const payload of components) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/catalog/components', headers: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  for (const payload of [
    { name: 'payments-team', description: 'Owns the money flows' },
    { name: 'platform', description: 'Keeps the payments platform running' },
  ]) {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/teams', headers: admin, payload })).statusCode).toBe(
      201,
    );
  }
  // People come from catalog descriptors only.
  await t.database.db.insert(catalogPeople).values([
    { name: 'jane.doe', displayName: 'Jane Doe', email: 'jane@example.com' },
    { name: 'paymaster', displayName: 'Pay Master', email: 'pm@example.com' },
  ]);
});
afterAll(() => t.close());

async function search(query: string): Promise<{ query: string; groups: Group[] }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: user });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const group = (groups: Group[], kind: string) => groups.find((g) => g.kind === kind);
const names = (g: Group | undefined) => g?.items.map((i) => i.name) ?? [];

describe('GET /api/v1/search', () => {
  it('ranks the exact name first, then prefixes, then full text, then fuzzy', async () => {
    const { groups, query } = await search('q=Payments&take=10');
    expect(query).toBe('Payments');
    const components = group(groups, 'component')!;
    expect(components.items.slice(0, 4).map((i) => [i.name, i.match])).toEqual([
      ['payments', 'exact'],
      ['payments-gateway', 'prefix'],
      ['billing', 'fulltext'],
      ['ledger', 'fulltext'],
    ]);
    expect(components.items[0]!.score).toBe(1);
    const scores = components.items.map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(components.total).toBe(components.items.length);
    // APIs are their own group; the group with the best match comes first.
    expect(groups[0]!.kind).toBe('component');
    expect(group(groups, 'api')!.items[0]).toMatchObject({ name: 'payments-api', match: 'prefix', entityKind: 'API' });
    expect(names(group(groups, 'component'))).not.toContain('payments-api');
    expect(group(groups, 'team')!.items.map((i) => [i.name, i.match])).toEqual([
      ['payments-team', 'prefix'],
      ['platform', 'fulltext'],
    ]);
  });

  it('finds partial words and typos (trigram similarity)', async () => {
    const partial = await search('q=gatew&kinds=component');
    expect(group(partial.groups, 'component')!.items[0]).toMatchObject({ name: 'payments-gateway', match: 'fuzzy' });
    const typo = await search('q=paymnets&kinds=component');
    expect(names(group(typo.groups, 'component'))).toContain('payments');
    expect(group(typo.groups, 'component')!.items.every((i) => i.match === 'fuzzy')).toBe(true);
    const inventory = await search('q=inventroy&kinds=component');
    expect(names(group(inventory.groups, 'component'))[0]).toBe('inventory-tracker');
  });

  it('matches typos against the words of names as they are written and renamed (the vocabulary, decision 180)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/components',
      headers: admin,
      payload: { name: 'quokka-feeder', kind: 'library' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(names(group((await search('q=quoka&kinds=component')).groups, 'component'))).toEqual(['quokka-feeder']);
    const id = created.json().id as string;
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/catalog/components/${id}`,
      headers: admin,
      payload: { name: 'wombat-feeder' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(names(group((await search('q=wombta&kinds=component')).groups, 'component'))).toEqual(['wombat-feeder']);
    // The old word stays in the vocabulary but no name holds it any more.
    expect((await search('q=quoka&kinds=component')).groups).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/catalog/components/${id}`, headers: admin })).statusCode,
    ).toBe(204);
  });

  it('honours quoted phrases', async () => {
    const fulltext = (g: Group | undefined) => g!.items.filter((i) => i.match === 'fulltext').map((i) => i.name);
    const words = await search(`q=${encodeURIComponent('card payments')}&kinds=component`);
    expect(fulltext(group(words.groups, 'component')).sort()).toEqual(['billing', 'ledger', 'payments-gateway']);
    const phrase = await search(`q=${encodeURIComponent('"card payments"')}&kinds=component`);
    expect(fulltext(group(phrase.groups, 'component'))).toEqual(['billing']);
  });

  it('searches titles, people and templates', async () => {
    expect(group((await search('q=stock')).groups, 'component')!.items[0]).toMatchObject({
      name: 'inventory-tracker',
      match: 'fulltext',
    });
    const people = await search('q=jane&kinds=person');
    expect(people.groups).toEqual([
      expect.objectContaining({
        kind: 'person',
        items: [expect.objectContaining({ name: 'jane.doe', entityKind: 'User', match: 'prefix' })],
      }),
    ]);
    const templates = await search('q=go-service&kinds=template');
    expect(group(templates.groups, 'template')!.items[0]).toMatchObject({
      name: 'go-service',
      match: 'exact',
      entityKind: 'Template',
    });
  });

  it('groups by kind, bounded by take, with totals; only the asked kinds', async () => {
    const one = await search('q=pay&take=1');
    for (const g of one.groups) {
      expect(g.items).toHaveLength(1);
      expect(g.total).toBeGreaterThanOrEqual(1);
    }
    expect(group(one.groups, 'component')!.total).toBeGreaterThanOrEqual(2);
    // A full group's total is the number of matches, whether counted or told by the tier that filled it.
    for (const q of ['paymnets', 'card', 'pay', 'payments']) {
      const all = group((await search(`q=${q}&kinds=component&take=50`)).groups, 'component')!;
      expect(group((await search(`q=${q}&kinds=component&take=1`)).groups, 'component')!.total, q).toBe(
        all.items.length,
      );
    }
    const only = await search('q=pay&kinds=team,person');
    expect(only.groups.map((g) => g.kind).sort()).toEqual(['person', 'team']);
    expect((await search('q=zzzzqqqq')).groups).toEqual([]);
    // Characters with a meaning in LIKE or tsquery syntax are plain text.
    for (const q of ['100%', 'a_b', 'x\\y', "o'brien", '(a|b)', '!', 'a & b', '-', '"']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/search?q=${encodeURIComponent(q)}`,
        headers: user,
      });
      expect([200, 400], q).toContain(res.statusCode);
    }
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    for (const query of [
      '',
      'q=',
      'q=%20%20',
      `q=${'x'.repeat(201)}`,
      'q=a&kinds=spaceship',
      'q=a&kinds=component,foo',
      'q=a&kinds=',
      'q=a&take=0',
      'q=a&take=51',
      'q=a&take=x',
      'q=a%01b',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: user });
      expectError(res, 400);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/search?q=payments' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/search?q=payments', headers: bearer('nope') }), 401);
  });
});
