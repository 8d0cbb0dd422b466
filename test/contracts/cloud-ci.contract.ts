import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloudCiPort } from '../../src/modules/ci/ci.ports.js';

export interface CloudCiSubject {
  port: CloudCiPort;
  /** A pipeline of `projectSlug` built from `vcsUrl` (the project exists from then on). */
  addPipeline(projectSlug: string, vcsUrl: string): void;
  unreachable(): CloudCiPort;
  close?(): Promise<void>;
}

/** What the ci module relies on from a hosted CI platform (decision 510). */
export function cloudCiContract(name: string, make: () => Promise<CloudCiSubject>) {
  describe(`cloud-ci port contract: ${name}`, () => {
    let s: CloudCiSubject;
    beforeAll(async () => {
      s = await make();
      s.addPipeline('gh/acme/shop', 'https://github.com/acme/shop');
      s.addPipeline('gh/acme/web', 'https://github.com/acme/web');
    });
    afterAll(() => s?.close?.());

    it('lists pipelines, filtered by repository URL', async () => {
      expect((await s.port.listPipelines({})).map((p) => p.projectSlug).sort()).toEqual([
        'gh/acme/shop',
        'gh/acme/web',
      ]);
      const shop = await s.port.listPipelines({ vcsUrl: 'https://github.com/acme/shop.git' });
      expect(shop.map((p) => p.projectSlug)).toEqual(['gh/acme/shop']);
      expect(typeof shop[0]!.id).toBe('string');
    });
    it("triggers a project's pipeline; an unknown project is 404", async () => {
      const t = await s.port.triggerPipeline('gh/acme/shop', { branch: 'main' });
      expect(t).toMatchObject({ projectSlug: 'gh/acme/shop', id: expect.any(String), number: expect.any(Number) });
      await expect(s.port.triggerPipeline('gh/acme/none', {})).rejects.toMatchObject({ statusCode: 404 });
    });
    it('unreachable is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().listPipelines({})).rejects.toMatchObject({ statusCode: 503 });
      await expect(s.port.listPipelines({}, AbortSignal.abort())).rejects.toThrow();
    });
  });
}
