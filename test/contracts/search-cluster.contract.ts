import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatIndex, SearchClusterPort } from '../../src/modules/search-indices/search-indices.ports.js';

export interface SearchClusterSubject {
  port: SearchClusterPort;
  /** The URL of a cluster holding `indices` (credentials, when the subject has any, are accepted). */
  cluster(indices: CatIndex[]): Promise<string>;
  /** A URL where no cluster answers. */
  unreachableUrl: string;
  close?(): Promise<void>;
}

const LOGS: CatIndex[] = [
  { index: 'logs-1', health: 'green', status: 'open', docsCount: 10, storeBytes: 2048 },
  { index: 'logs-2', health: 'yellow', status: 'open', docsCount: 3, storeBytes: 100 },
  { index: 'orders', health: 'green', status: 'open', docsCount: 1, storeBytes: 10 },
];

/** What the search-indices service relies on from a search cluster (decision 510). */
export function searchClusterContract(name: string, make: () => Promise<SearchClusterSubject>) {
  describe(`search-cluster port contract: ${name}`, () => {
    let s: SearchClusterSubject;
    let url: string;
    beforeAll(async () => {
      s = await make();
      url = await s.cluster(LOGS);
    });
    afterAll(() => s?.close?.());

    it('a wildcard pattern answers the matching indices with numbers', async () => {
      const rows = await s.port.catIndices(url, ['logs-*'], { credentials: true });
      expect(rows?.map((r) => r.index).sort()).toEqual(['logs-1', 'logs-2']);
      expect(rows?.find((r) => r.index === 'logs-1')).toEqual(LOGS[0]);
    });
    it('several patterns are one answer; a wildcard matching nothing is []', async () => {
      const rows = await s.port.catIndices(url, ['logs-1', 'orders'], { credentials: true });
      expect(rows?.map((r) => r.index).sort()).toEqual(['logs-1', 'orders']);
      expect(await s.port.catIndices(url, ['nothing-*'], { credentials: true })).toEqual([]);
    });
    it('a concrete index that does not exist is null', async () => {
      expect(await s.port.catIndices(url, ['missing'], { credentials: true })).toBeNull();
    });
    it('an unreachable cluster is 503', async () => {
      await expect(s.port.catIndices(s.unreachableUrl, ['logs-*'], { credentials: false })).rejects.toMatchObject({
        statusCode: 503,
      });
    });
    it('an aborted signal rejects', async () => {
      await expect(s.port.catIndices(url, ['logs-*'], { credentials: true }, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
