import { describe, expect, it } from 'vitest';
import { parseApiListSearch, parseSpecSearch } from '../apis/apis-search';
import { parseEntitySearch } from './entity-search';
import { tabsFor } from './entity-tabs';

const ID = '0b6f4d2e-7c39-4a4c-9d0e-9f1c2b3a4d5e';

describe('entity page URL state', () => {
  it('keeps valid values and drops anything else', () => {
    expect(
      parseEntitySearch({
        tab: 'graph',
        rel: 'ownedBy,partOf,bad value',
        kinds: 'Component',
        depth: '2',
        dir: 'TB',
        spec: ID,
        compare: 'x',
        view: 'diff',
        other: 1,
      }),
    ).toEqual({
      tab: 'graph',
      rel: ['ownedBy', 'partOf'],
      kinds: ['component'],
      depth: 2,
      dir: 'TB',
      spec: ID,
      view: 'diff',
    });
    expect(parseEntitySearch({ tab: '<script>', depth: 3, dir: 'RL', rel: '' })).toEqual({});
  });

  it('validates the API list and spec selection', () => {
    expect(parseApiListSearch({ q: ' pay ', lifecycle: 'production', page: '2' })).toEqual({
      q: 'pay',
      lifecycle: 'production',
      page: 2,
    });
    expect(parseApiListSearch({ q: '', lifecycle: 'DROP TABLE', page: '0' })).toEqual({});
    expect(parseSpecSearch({ spec: ID, compare: ID, view: 'consumers' })).toEqual({
      spec: ID,
      compare: ID,
      view: 'consumers',
    });
  });

  it('shows the tabs that apply to each kind', () => {
    expect(tabsFor('Component').map((t) => t.id)).toEqual([
      'overview',
      'graph',
      'api-specs',
      'deployments',
      'pipelines',
      'incidents',
      'iac',
      'cost',
      'registry',
      'kubernetes',
      'mesh',
      'search-indices',
      'scorecards',
      'gateway',
    ]);
    expect(tabsFor('API').map((t) => t.id)).toEqual([
      'overview',
      'graph',
      'api-specs',
      'incidents',
      'scorecards',
      'gateway',
    ]);
    expect(tabsFor('Domain').map((t) => t.id)).toEqual(['overview', 'graph', 'scorecards']);
  });
});
