import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistryPort } from '../../src/modules/registry/registry.ports.js';

export interface RegistrySubject {
  port: RegistryPort;
  /** A repository the subject holds, with `tag` pushed. */
  repository: string;
  tag: string;
  /** The same registry type where nothing answers. */
  unreachable(): RegistryPort;
  close?(): Promise<void>;
}

const SCAN_STATUSES = ['COMPLETE', 'PENDING', 'FAILED', 'UNSUPPORTED'];

/**
 * What the registry module (routes and the sync job) relies on from every registry type (decision
 * 510): one suite for the in-memory fake and the five adapters (OCI distribution, Harbor, ECR,
 * Docker Hub, Artifact Registry).
 */
export function registryContract(name: string, make: () => Promise<RegistrySubject>) {
  describe(`registry port contract: ${name}`, () => {
    let s: RegistrySubject;
    beforeAll(async () => void (s = await make()), 120_000);
    afterAll(() => s?.close?.());

    it('ping answers; repositories carry their name and a pull URI', async () => {
      await s.port.ping();
      const repos = await s.port.listRepositories();
      const found = repos.find((r) => r.name === s.repository);
      expect(found).toBeDefined();
      expect(found!.uri.endsWith(s.repository)).toBe(true);
    });
    it('tags carry a sha256 digest, a size and an ISO date or null', async () => {
      const tags = await s.port.listTags(s.repository);
      const t = tags.find((x) => x.tag === s.tag)!;
      expect(t).toBeDefined();
      for (const x of tags) {
        expect(x.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
        expect(x.sizeBytes).toBeGreaterThanOrEqual(0);
        expect(x.pushedAt === null || new Date(x.pushedAt).toISOString() === x.pushedAt).toBe(true);
      }
    });
    it("a manifest has the tag's digest and lists the tag among its tags", async () => {
      const t = (await s.port.listTags(s.repository)).find((x) => x.tag === s.tag)!;
      const m = await s.port.getManifest(s.repository, s.tag);
      expect(m.digest).toBe(t.digest);
      expect(m.tags).toContain(s.tag);
      expect(typeof m.mediaType).toBe('string');
    });
    it('a scan has a known status and a list of vulnerabilities', async () => {
      const scan = await s.port.getScan(s.repository, s.tag);
      expect(SCAN_STATUSES).toContain(scan.status);
      expect(Array.isArray(scan.vulnerabilities)).toBe(true);
    });
    it('a missing repository or tag is 404', async () => {
      await expect(s.port.getManifest(s.repository, 'no-such-tag')).rejects.toMatchObject({ statusCode: 404 });
      await expect(s.port.listTags('no-such/repository')).rejects.toMatchObject({ statusCode: 404 });
    });
    it('an unreachable registry is 503', async () => {
      await expect(s.unreachable().listRepositories()).rejects.toMatchObject({ statusCode: 503 });
    });
    it('an aborted signal rejects', async () => {
      await expect(s.port.listRepositories(AbortSignal.abort())).rejects.toThrow();
      await expect(s.port.listTags(s.repository, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
