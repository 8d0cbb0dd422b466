import { describe, expect, it } from 'vitest';
import { parseDeploymentsSearch, feedQuery, latestPerComponent } from '../deployments/deployments-search';
import { parseCreateSearch, parseGallerySearch } from './create-search';
import { repositoryName, repositoryWebUrl } from './repository-url';

const ID = '0b7c4a52-51b0-4c1e-9d5f-2f1b0c9a7e11';

describe('create and deployments URL state', () => {
  it('keeps valid gallery filters and drops the rest', () => {
    expect(parseGallerySearch({ q: ' api ', language: 'go', tag: '', other: 'x' })).toEqual({
      q: 'api',
      language: 'go',
    });
    expect(parseGallerySearch({ language: 'x'.repeat(51) })).toEqual({});
  });

  it('a request wins over a preview; a file needs a preview', () => {
    expect(parseCreateSearch({ request: ID, preview: ID })).toEqual({ request: ID });
    expect(parseCreateSearch({ preview: ID, file: 'src/index.ts' })).toEqual({ preview: ID, file: 'src/index.ts' });
    expect(parseCreateSearch({ preview: 'nope', file: 'a' })).toEqual({});
  });

  it('deployments: filters and page to the API query', () => {
    const s = parseDeploymentsSearch({ env: ID, component: 'x', status: 'rolled_back', page: '3' });
    expect(s).toEqual({ env: ID, status: 'rolled_back', page: 3 });
    expect(feedQuery(s)).toEqual({ environmentId: ID, status: 'rolled_back', skip: 50, take: 25 });
    expect(parseDeploymentsSearch({ status: 'done', page: '1' })).toEqual({});
  });

  it('the latest deployment of each component', () => {
    const rows = [
      { id: '3', componentId: 'a' },
      { id: '2', componentId: 'b' },
      { id: '1', componentId: 'a' },
    ];
    expect(latestPerComponent(rows).map((r) => r.id)).toEqual(['3', '2']);
  });
});

describe('repository URLs', () => {
  it('names a repository and links only what a browser can open', () => {
    expect(repositoryName('https://git.example.com/acme/orders-api.git')).toBe('orders-api');
    expect(repositoryName('git@github.com:acme/web.git')).toBe('web');
    expect(repositoryWebUrl('https://token@git.example.com/acme/orders.git')).toBe(
      'https://git.example.com/acme/orders',
    );
    expect(repositoryWebUrl('git@github.com:acme/web.git')).toBe('https://github.com/acme/web');
    expect(repositoryWebUrl('file:///srv/git/orders.git')).toBeUndefined();
    expect(repositoryWebUrl('ssh://git@host/acme/x.git')).toBeUndefined();
  });
});
