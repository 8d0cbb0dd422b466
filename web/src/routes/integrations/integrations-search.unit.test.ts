import { describe, expect, it } from 'vitest';
import { parseIntegrationSearch } from './integrations-search';

describe('parseIntegrationSearch', () => {
  it('keeps valid values and drops the rest', () => {
    expect(
      parseIntegrationSearch({
        service: ' checkout ',
        namespace: 'shop',
        range: '6h',
        component: 'B3F0C2D4-1111-4222-8333-944455556666',
        page: '3',
        stale: 'true',
        extra: 'x',
      }),
    ).toEqual({
      service: 'checkout',
      namespace: 'shop',
      range: '6h',
      component: 'b3f0c2d4-1111-4222-8333-944455556666',
      page: 3,
      stale: true,
    });
  });

  it('refuses bad values', () => {
    expect(
      parseIntegrationSearch({ range: '2y', component: 'nope', team: 12, page: '0', stale: 'yes', service: '' }),
    ).toEqual({});
    expect(parseIntegrationSearch({ page: '-2', job: 'x'.repeat(201) })).toEqual({});
  });

  it('drops a tag without its repository', () => {
    expect(parseIntegrationSearch({ tag: 'v1' })).toEqual({});
    expect(parseIntegrationSearch({ repo: 'team/app', tag: 'v1' })).toEqual({ repo: 'team/app', tag: 'v1' });
  });
});
