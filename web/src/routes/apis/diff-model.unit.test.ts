import { describe, expect, it } from 'vitest';
import { buildDiffView, defaultComparison, normaliseEntry } from './diff-model';

const entry = (over: Record<string, unknown>) => ({
  type: 'removed',
  breaking: false,
  path: 'GET /a',
  detail: 'd',
  ...over,
});

describe('diff view model', () => {
  it('puts breaking changes first, then warnings, then the rest; rules by count then name', () => {
    const view = buildDiffView({
      entries: [
        entry({ rule: 'endpoint-added', level: 'info', type: 'added', path: 'POST /b' }),
        entry({ rule: 'response-property-removed', level: 'error', breaking: true, path: 'GET /b' }),
        entry({ rule: 'endpoint-removed', level: 'error', breaking: true, path: 'GET /z' }),
        entry({ rule: 'endpoint-removed', level: 'error', breaking: true, path: 'GET /a' }),
        entry({ rule: 'parameter-deprecated', level: 'warning' }),
      ],
      breakingChanges: 3,
      totalChanges: 5,
      affectedConsumers: [
        { name: 'web', componentId: 'c1' },
        { name: 'app', teamId: 't1' },
      ],
    });
    expect(view.groups.map((g) => [g.level, g.count])).toEqual([
      ['error', 3],
      ['warning', 1],
      ['info', 1],
    ]);
    expect(view.groups[0].rules.map((r) => r.rule)).toEqual(['endpoint-removed', 'response-property-removed']);
    expect(view.groups[0].rules[0].entries.map((e) => e.path)).toEqual(['GET /a', 'GET /z']);
    expect(view.breaking).toBe(3);
    expect(view.consumers.map((c) => c.name)).toEqual(['app', 'web']);
    expect(view.summary[0]).toEqual({ rule: 'endpoint-removed', level: 'error', count: 2 });
  });

  it('reads answers without rule, level, location or reaches (older servers) from `breaking` and `type`', () => {
    const view = buildDiffView({
      entries: [
        { type: 'removed', breaking: true, path: 'GET /a', detail: 'gone' },
        { type: 'added', breaking: false, path: 'GET /b', detail: 'new' },
      ],
    });
    expect(view.breaking).toBe(1);
    expect(view.total).toBe(2);
    expect(view.groups.map((g) => g.level)).toEqual(['error', 'info']);
    expect(view.groups[0].rules[0]).toMatchObject({ rule: 'removed' });
    expect(view.consumers).toEqual([]);
  });

  it('keeps reaches (operations a schema change reaches) and a summary in a known shape', () => {
    const e = normaliseEntry(
      entry({
        rule: 'request-property-became-required',
        level: 'error',
        location: 'request.body /properties/x',
        reaches: { count: 2, operations: ['POST /a', 'PUT /a'] },
      }),
    );
    expect(e.reaches).toEqual({ count: 2, operations: ['POST /a', 'PUT /a'] });
    expect(e.location).toBe('request.body /properties/x');
    const view = buildDiffView({
      entries: [e],
      summary: [{ rule: 'request-property-became-required', level: 'error', count: 7 }],
    });
    expect(view.summary).toEqual([{ rule: 'request-property-became-required', level: 'error', count: 7 }]);
    const byRule = buildDiffView({
      entries: [e],
      summary: { byRule: { 'request-property-became-required': { level: 'error', count: 4 } } },
    });
    expect(byRule.summary).toEqual([{ rule: 'request-property-became-required', level: 'error', count: 4 }]);
  });

  it('ignores malformed entries and consumers instead of failing', () => {
    const view = buildDiffView({
      entries: [null, 3, 'x', entry({ level: 'bogus' })],
      affectedConsumers: [{}, null, { name: 'ok' }],
    });
    expect(view.total).toBe(1);
    expect(view.groups[0].level).toBe('info');
    expect(view.consumers).toEqual([{ name: 'ok' }]);
  });

  it('compares a version with the one before it, or the oldest with the next', () => {
    const versions = [
      { id: 'v1', createdAt: '2026-01-01' },
      { id: 'v3', createdAt: '2026-03-01' },
      { id: 'v2', createdAt: '2026-02-01' },
    ];
    expect(defaultComparison(versions)).toEqual(['v3', 'v2']);
    expect(defaultComparison(versions, 'v2')).toEqual(['v2', 'v1']);
    expect(defaultComparison(versions, 'v1')).toEqual(['v2', 'v1']);
    expect(defaultComparison([versions[0]])).toBeUndefined();
  });
});
