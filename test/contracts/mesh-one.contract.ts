import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterRef, MeshOnePort } from '../../src/modules/meshone/meshone.ports.js';

export interface MeshOneSubject {
  port: MeshOnePort;
  ref: ClusterRef;
  /** A VirtualService whose first HTTP route splits between `hosts` with `weights`. */
  addVirtualService(namespace: string, name: string, weights: number[]): void;
  close?(): Promise<void>;
}

/** What mesh one's routing views and weight writes rely on from Istio (decision 510). */
export function meshOneContract(label: string, make: () => Promise<MeshOneSubject>) {
  describe(`mesh-one port contract: ${label}`, () => {
    let s: MeshOneSubject;
    beforeAll(async () => {
      s = await make();
      s.addVirtualService('shop', 'web', [80, 20]);
      s.addVirtualService('other', 'api', [100]);
    });
    afterAll(() => s?.close?.());

    it("lists a namespace's virtual services with their first route's weights", async () => {
      const list = await s.port.listVirtualServices(s.ref, 'shop');
      expect(list.map((v) => v.name)).toEqual(['web']);
      expect(list[0]!.http[0]!.route.map((r) => r.weight)).toEqual([80, 20]);
    });
    it('reads one with a resource version; a missing one is 404', async () => {
      const read = await s.port.getVirtualService(s.ref, 'shop', 'web');
      expect(read.resource.name).toBe('web');
      expect(typeof read.resourceVersion).toBe('string');
      await expect(s.port.getVirtualService(s.ref, 'shop', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    });
    it('writes weights guarded by the resource version: a stale version is 409', async () => {
      const { resourceVersion } = await s.port.getVirtualService(s.ref, 'shop', 'web');
      const written = await s.port.setFirstRouteWeights(s.ref, 'shop', 'web', [50, 50], resourceVersion);
      expect(written.http[0]!.route.map((r) => r.weight)).toEqual([50, 50]);
      const after = await s.port.getVirtualService(s.ref, 'shop', 'web');
      expect(after.resource.http[0]!.route.map((r) => r.weight)).toEqual([50, 50]);
      expect(after.resourceVersion).not.toBe(resourceVersion);
      await expect(s.port.setFirstRouteWeights(s.ref, 'shop', 'web', [10, 90], resourceVersion)).rejects.toMatchObject({
        statusCode: 409,
      });
    });
    it('an aborted signal rejects every call, and a weights write is not applied (decision 518)', async () => {
      const aborted = AbortSignal.abort();
      await expect(s.port.status(s.ref, aborted)).rejects.toThrow();
      await expect(s.port.listVirtualServices(s.ref, 'shop', aborted)).rejects.toThrow();
      await expect(s.port.listPeerAuthentications(s.ref, 'shop', aborted)).rejects.toThrow();
      await expect(s.port.listAuthorizationPolicies(s.ref, 'shop', aborted)).rejects.toThrow();
      await expect(s.port.getVirtualService(s.ref, 'other', 'api', aborted)).rejects.toThrow();
      const { resourceVersion } = await s.port.getVirtualService(s.ref, 'other', 'api');
      await expect(s.port.setFirstRouteWeights(s.ref, 'other', 'api', [0], resourceVersion, aborted)).rejects.toThrow();
      expect(
        (await s.port.getVirtualService(s.ref, 'other', 'api')).resource.http[0]!.route.map((r) => r.weight),
      ).toEqual([100]);
    });
  });
}
