import { describe, expect, it } from 'vitest';
import { catalogKeys } from '../routes/catalog/keys';
import { teamKeys } from '../routes/teams/keys';
import { keysForEvent } from './event-keys';

describe('query keys and live events', () => {
  it('nests every key under its area, so an area prefix invalidates all of it', () => {
    expect(catalogKeys.list({ skip: 0 }).slice(0, 1)).toEqual(catalogKeys.all());
    expect(catalogKeys.facets({}).slice(0, 1)).toEqual(catalogKeys.all());
    expect(teamKeys.components('t', {}).slice(0, 1)).toEqual(teamKeys.all());
  });

  it('a component event makes the catalog, search, teams and that component stale', () => {
    expect(keysForEvent('component.updated', { id: 'c1', name: 'x' })).toEqual([
      ['catalog'],
      ['search'],
      ['teams'],
      ['catalog', 'component', 'c1'],
    ]);
    expect(keysForEvent('component.deleted', null)).toEqual([['catalog'], ['search'], ['teams']]);
  });

  it('maps the other streams to their areas and ignores unknown events', () => {
    expect(keysForEvent('api-spec:deprecated', {})).toContainEqual(['api-specs']);
    expect(keysForEvent('pipeline.run.updated', {})).toEqual([['pipelines']]);
    expect(keysForEvent('INCIDENT_CREATED', {})).toEqual([['incidents']]);
    expect(keysForEvent('scaffold.completed', { id: 'r1' })).toEqual([['catalog'], ['scaffold']]);
    expect(keysForEvent('deployment.updated', { id: 'd1' })).toEqual([['deployments']]);
    expect(keysForEvent('incident.update.created', {})).toEqual([['incidents']]);
    expect(keysForEvent('notification.created', { id: 'n1' })).toEqual([['notifications']]);
    expect(keysForEvent('rollout.updated', {})).toEqual([['deployments']]);
    expect(keysForEvent('pipeline.log', {})).toEqual([]);
    expect(keysForEvent('something.else', {})).toEqual([]);
  });
});
