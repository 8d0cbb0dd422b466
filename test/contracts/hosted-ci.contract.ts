import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedCiPort } from '../../src/modules/ci/ci.ports.js';

export interface HostedCiSubject {
  port: HostedCiPort;
  /** A build of `slug` in `state`; answers its id. */
  addBuild(slug: string, state: string): number;
  unreachable(): HostedCiPort;
  close?(): Promise<void>;
}

/** What the ci module relies on from a hosted CI service (decision 510). */
export function hostedCiContract(name: string, make: () => Promise<HostedCiSubject>) {
  describe(`hosted-ci port contract: ${name}`, () => {
    let s: HostedCiSubject;
    let failed: number;
    beforeAll(async () => {
      s = await make();
      s.addBuild('acme/shop', 'passed');
      s.addBuild('acme/web', 'passed');
      failed = s.addBuild('acme/shop', 'failed');
    });
    afterAll(() => s?.close?.());

    it('lists builds newest first, by repository and up to a limit', async () => {
      const all = await s.port.listBuilds({ limit: 10 });
      expect(all[0]!.id).toBe(failed);
      const shop = await s.port.listBuilds({ repoSlug: 'acme/shop', limit: 10 });
      expect(shop.map((b) => b.repository.slug)).toEqual(['acme/shop', 'acme/shop']);
      expect(await s.port.listBuilds({ limit: 1 })).toHaveLength(1);
    });
    it('restarts a build; an unknown build is 404', async () => {
      expect(await s.port.restartBuild(failed)).toMatchObject({ id: failed, stateChange: 'restart' });
      await expect(s.port.restartBuild(999_999)).rejects.toMatchObject({ statusCode: 404 });
    });
    it('unreachable is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().listBuilds({ limit: 5 })).rejects.toMatchObject({ statusCode: 503 });
      await expect(s.port.listBuilds({ limit: 5 }, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
