import { describe, expect, it } from 'vitest';
import {
  catalogFilterQuery,
  colsParam,
  visibleColumns,
  catalogListQuery,
  parseCatalogSearch,
  parseListSearch,
  parseSearchPageSearch,
  safeRedirect,
} from './search-params';

describe('catalog search params', () => {
  it('keeps valid filters, trims text and drops unknown keys and bad values', () => {
    expect(
      parseCatalogSearch({
        q: '  payments ',
        lifecycle: 'production',
        owner: '',
        tag: 42,
        orphan: 'true',
        sort: '-updatedAt',
        page: '3',
        size: '100',
        cols: 'kind,owner,bogus',
        evil: 'x',
      }),
    ).toEqual({
      q: 'payments',
      lifecycle: 'production',
      tag: '42',
      orphan: true,
      sort: '-updatedAt',
      page: 3,
      size: 100,
      cols: 'name,kind,owner',
    });
  });

  it('ignores values the server would refuse', () => {
    expect(
      parseCatalogSearch({
        sort: 'password',
        page: '0',
        size: '7',
        orphan: 'maybe',
        cols: 'nothing',
        q: 'x'.repeat(201),
      }),
    ).toEqual({});
    expect(parseCatalogSearch({ page: '-2' })).toEqual({});
    expect(parseCatalogSearch({ page: '1' })).toEqual({}); // page 1 is the default: not written in the URL
    expect(parseCatalogSearch({ cols: ['owner', 'owner', 'name'] })).toEqual({ cols: 'owner,name' });
  });

  it('turns a view into the list query (paging in SQL) and the facets query (filters only)', () => {
    const search = parseCatalogSearch({ kind: 'service', orphan: 'false', page: '4', size: '25', sort: 'name' });
    expect(catalogListQuery(search)).toEqual({ kind: 'service', orphan: false, sort: 'name', skip: 75, take: 25 });
    expect(catalogFilterQuery(search)).toEqual({ kind: 'service', orphan: false });
    expect(catalogListQuery({})).toEqual({ sort: undefined, skip: 0, take: 50 });
  });
});

describe('catalog columns', () => {
  it('reads and writes the column choice as a comma list, the default as nothing', () => {
    expect(visibleColumns({})).toEqual(['name', 'kind', 'type', 'owner', 'lifecycle', 'tags']);
    expect(visibleColumns(parseCatalogSearch({ cols: 'owner' }))).toEqual(['name', 'owner']);
    expect(colsParam(['name', 'kind', 'type', 'owner', 'lifecycle', 'tags'])).toBeUndefined();
    expect(colsParam(['name', 'updatedAt'])).toBe('name,updatedAt');
  });
});

describe('search page and list params', () => {
  it('accepts the known result kinds only', () => {
    expect(parseSearchPageSearch({ q: ' api ', kind: 'team' })).toEqual({ q: 'api', kind: 'team' });
    expect(parseSearchPageSearch({ q: '', kind: 'secret' })).toEqual({});
  });

  it('lists take a name filter and a page', () => {
    expect(parseListSearch({ q: 'pay', page: '2' })).toEqual({ q: 'pay', page: 2 });
    expect(parseListSearch({ q: ' ', page: 'x' })).toEqual({});
  });
});

describe('redirect after sign-in', () => {
  it('allows same-origin paths only', () => {
    expect(safeRedirect('/teams?q=a')).toBe('/teams?q=a');
    for (const bad of [
      'https://evil.test/',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
      '/sign-in?redirect=/x',
      '/register',
      42,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeUndefined();
    }
  });
});
