import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterRef, MeshTwoPort } from '../../src/modules/meshtwo/meshtwo.ports.js';

export interface MeshTwoSubject {
  /** A cluster with Linkerd and one ServerAuthorization `emoji-grpc` (server `emoji-grpc`) in `emojivoto`. */
  installed: MeshTwoPort;
  /** A cluster without the `linkerd` namespace. */
  absent: MeshTwoPort;
  ref: ClusterRef;
  close?(): Promise<void>;
}

/** What mesh two's views rely on from Linkerd (decision 510). */
export function meshTwoContract(label: string, make: () => Promise<MeshTwoSubject>) {
  describe(`mesh-two port contract: ${label}`, () => {
    let s: MeshTwoSubject;
    beforeAll(async () => void (s = await make()));
    afterAll(() => s?.close?.());

    it('availability: available with Linkerd; otherwise not, with a reason (never an error)', async () => {
      expect(await s.installed.availability(s.ref)).toMatchObject({ available: true });
      const none = await s.absent.availability(s.ref);
      expect(none.available).toBe(false);
      expect(typeof none.reason).toBe('string');
    });
    it("lists a namespace's server authorizations; another namespace has none", async () => {
      const list = await s.installed.listServerAuthorizations(s.ref, 'emojivoto');
      expect(list.find((x) => x.name === 'emoji-grpc')).toMatchObject({ namespace: 'emojivoto', server: 'emoji-grpc' });
      expect(await s.installed.listServerAuthorizations(s.ref, 'elsewhere')).toEqual([]);
      expect(await s.installed.listServiceProfiles(s.ref, 'elsewhere')).toEqual([]);
      expect(await s.installed.listAuthorizationPolicies(s.ref, 'elsewhere')).toEqual([]);
    });
    it('an aborted signal rejects every call, availability included (decision 518)', async () => {
      const aborted = AbortSignal.abort();
      await expect(s.installed.status(s.ref, aborted)).rejects.toThrow();
      await expect(s.installed.availability(s.ref, aborted)).rejects.toThrow();
      await expect(s.installed.listServerAuthorizations(s.ref, 'emojivoto', aborted)).rejects.toThrow();
      await expect(s.installed.listAuthorizationPolicies(s.ref, 'emojivoto', aborted)).rejects.toThrow();
      await expect(s.installed.listServiceProfiles(s.ref, 'emojivoto', aborted)).rejects.toThrow();
    });
  });
}
