import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../src/infra/events.js';
import {
  failRateBand,
  frequencyBand,
  leadTimeBand,
  overallBand,
  recoveryBand,
} from '../../../src/modules/dora/dora.bands.js';
import { repositoryOf, revisionOf } from '../../../src/modules/dora/dora.ingest.js';
import { subscribeDeployments } from '../../../src/modules/dora/dora.triggers.js';

const H = 3600;
const D = 24 * H;

describe('bands of the 2024 DORA report (decision 565)', () => {
  it('deployment frequency: daily elite, weekly high, monthly medium, rarer low', () => {
    expect([2, 1, 0.5, 1 / 7, 0.1, 1 / 30, 0.01, 0].map(frequencyBand)).toEqual([
      'elite',
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
    expect(frequencyBand(null)).toBeNull();
  });
  it('lead time: under a day elite, a week high, a month medium', () => {
    expect([0, D - 1, D, 7 * D, 7 * D + 1, 30 * D, 31 * D].map(leadTimeBand)).toEqual([
      'elite',
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });
  it("change fail rate: the nearest of the report's clusters (5% elite, 10% medium, 20% high, 40% low)", () => {
    expect([0, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 1].map(failRateBand)).toEqual([
      'elite',
      'elite',
      'elite',
      'medium',
      'medium',
      'high',
      'high',
      'low',
      'low',
    ]);
  });
  it('recovery: under an hour elite, a day high, a week medium', () => {
    expect([0, H - 1, H, D - 1, D, 7 * D - 1, 7 * D].map(recoveryBand)).toEqual([
      'elite',
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });
  it('overall: the weakest known key', () => {
    expect(overallBand(['elite', null, 'medium', 'high'])).toBe('medium');
    expect(overallBand([null, null])).toBeNull();
  });
});

describe('where commits are read from (decision 568)', () => {
  it('source-location (url:, without /tree/…), else the GitHub project slug', () => {
    expect(repositoryOf({ 'backstage.io/source-location': 'url:https://github.com/acme/shop/tree/main/' })).toBe(
      'https://github.com/acme/shop',
    );
    expect(repositoryOf({ 'github.com/project-slug': 'acme/shop' })).toBe('https://github.com/acme/shop.git');
    expect(repositoryOf({ 'backstage.io/source-location': 'dir:./here' })).toBeNull();
    expect(repositoryOf({})).toBeNull();
  });
  it("the run's commit, else the version unless it is latest", () => {
    expect(revisionOf('abc1234', '1.0')).toBe('abc1234');
    expect(revisionOf('0000000', 'v1.2.3')).toBe('v1.2.3');
    expect(revisionOf(null, 'latest')).toBeNull();
  });
});

describe('DORA hears deployments on the bus (decisions 568, 920)', () => {
  it('queues the ingest when a deployment settles as succeeded or rolled back, never otherwise', async () => {
    const settled: string[] = [];
    const bus = createEventBus({ warn: () => {} });
    subscribeDeployments(bus, { deploymentSettled: async (_c, id) => void settled.push(id) });
    const row = (id: string, status: string) => ({ id, status }) as never;
    bus.emit('deployment.created', row('a', 'pending'));
    for (const [id, status] of [
      ['b', 'succeeded'],
      ['c', 'failed'],
      ['d', 'rolled_back'],
    ])
      bus.emit('deployment.updated', row(id!, status!));
    expect(settled).toEqual(['b', 'd']);
  });
});
