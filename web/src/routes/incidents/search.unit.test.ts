import { describe, expect, it } from 'vitest';
import { incidentsQuery, parseIncidentsSearch } from './search';

describe('incidents list URL state', () => {
  it('keeps valid filters and drops the rest', () => {
    const id = '0b5e8a9c-1d2e-4f3a-8b4c-5d6e7f8a9b0c';
    expect(parseIncidentsSearch({ status: 'open', severity: 'P1', component: id, page: '3', other: 'x' })).toEqual({
      status: 'open',
      severity: 'P1',
      component: id,
      page: 3,
    });
    expect(parseIncidentsSearch({ status: 'closed', severity: 'P9', component: 'nope', page: '0' })).toEqual({});
  });

  it('maps a view to the API query (paging in SQL)', () => {
    expect(incidentsQuery({ status: 'resolved', page: 2 })).toEqual({
      status: 'resolved',
      severity: undefined,
      componentId: undefined,
      skip: 25,
      take: 25,
    });
  });
});
