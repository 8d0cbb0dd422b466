import { describe, expect, it } from 'vitest';
import { buildGraph, canonicalEdge, graphFacets, linkForRef, parseRef, type RelationRow } from './graph-model';

const row = (source: string, type: string, target: string, targetId: string | null = null): RelationRow => ({
  source,
  type,
  target,
  targetId,
});
const API = 'component:default/payments-api';

describe('graph model', () => {
  it('parses references with and without kind and namespace', () => {
    expect(parseRef('component:default/a')).toEqual({ kind: 'component', namespace: 'default', name: 'a' });
    expect(parseRef('Group:ops/team-a')).toEqual({ kind: 'group', namespace: 'ops', name: 'team-a' });
    expect(parseRef('b')).toEqual({ kind: 'component', namespace: 'default', name: 'b' });
    expect(parseRef('team-a', 'group')).toEqual({ kind: 'group', namespace: 'default', name: 'team-a' });
  });

  it('turns inverse relations around, so a pair stored both ways is one edge', () => {
    expect(canonicalEdge(row('group:default/t', 'ownerOf', API))).toEqual({
      source: API,
      target: 'group:default/t',
      type: 'ownedBy',
    });
    expect(canonicalEdge(row(API, 'ownedBy', 'group:default/t'))).toEqual({
      source: API,
      target: 'group:default/t',
      type: 'ownedBy',
    });
    const g = buildGraph(API, [
      row(API, 'ownedBy', 'group:default/t', 'team-1'),
      row('group:default/t', 'ownerOf', API),
    ]);
    expect(g.edges).toHaveLength(1);
    expect(g.nodes.map((n) => n.id)).toEqual([API, 'group:default/t']);
    expect(g.nodes[1].entityId).toBe('team-1');
  });

  it('keeps every distinct edge, of the centre and of its neighbours (second hop)', () => {
    const rows = [
      row(API, 'partOf', 'system:default/payments', 's1'),
      row(API, 'providesApi', 'api:default/rest', 'a1'),
      row(API, 'dependsOn', 'resource:default/db', 'r1'),
      row('system:default/payments', 'hasPart', API),
      row('system:default/payments', 'hasPart', 'component:default/ledger', 'c2'),
      row('api:default/rest', 'apiConsumedBy', 'component:default/checkout', 'c3'),
    ];
    const g = buildGraph(API, rows);
    expect(g.edges.map((e) => `${e.source} ${e.type} ${e.target}`).sort()).toEqual(
      [
        `${API} partOf system:default/payments`,
        `${API} providesApi api:default/rest`,
        `${API} dependsOn resource:default/db`,
        'component:default/ledger partOf system:default/payments',
        'component:default/checkout consumesApi api:default/rest',
      ].sort(),
    );
    expect(g.nodes[0]).toMatchObject({ id: API, center: true });
    expect(g.nodes).toHaveLength(6);
  });

  it('filters by relation type and by kind, dropping nodes left without a visible edge but never the centre', () => {
    const rows = [
      row(API, 'partOf', 'system:default/payments'),
      row(API, 'ownedBy', 'group:default/t'),
      row('system:default/payments', 'partOf', 'domain:default/money'),
    ];
    expect(buildGraph(API, rows, { types: new Set(['ownedBy']) }).nodes.map((n) => n.id)).toEqual([
      API,
      'group:default/t',
    ]);
    const byKind = buildGraph(API, rows, { kinds: new Set(['system', 'domain']) });
    expect(byKind.nodes.map((n) => n.id)).toEqual([API, 'domain:default/money', 'system:default/payments']);
    expect(byKind.edges).toHaveLength(2);
    expect(buildGraph(API, rows, { kinds: new Set(['user']) }).nodes.map((n) => n.id)).toEqual([API]);
  });

  it('counts relation types and kinds once per distinct edge and entity', () => {
    const rows = [
      row(API, 'partOf', 'system:default/s'),
      row('system:default/s', 'hasPart', API),
      row(API, 'ownedBy', 'group:default/t'),
    ];
    expect(graphFacets(rows)).toEqual({
      types: [
        ['ownedBy', 1],
        ['partOf', 1],
      ],
      kinds: [
        ['component', 1],
        ['group', 1],
        ['system', 1],
      ],
    });
  });

  it('links catalog kinds to the entity page, groups to their team, people to the directory, unknown entities nowhere', () => {
    expect(linkForRef('api:default/rest', 'a1')).toEqual({
      to: '/catalog/$kind/$namespace/$name',
      params: { kind: 'api', namespace: 'default', name: 'rest' },
    });
    expect(linkForRef('api:default/rest', null)).toBeUndefined();
    expect(linkForRef('group:default/t', 'team-1')).toEqual({ to: '/teams/$teamId', params: { teamId: 'team-1' } });
    expect(linkForRef('group:default/t', null)).toBeUndefined();
    expect(linkForRef('user:default/ada', null)).toEqual({ to: '/people', search: { q: 'ada' } });
  });
});
