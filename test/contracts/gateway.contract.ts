import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayAdapter } from '../../src/modules/gateway/gateway.ports.js';

export interface RouteSeed {
  path: string;
  methods: string[];
}

export interface GatewaySubject {
  /** A port whose gateway reports one route per seed (enough of them to need several pages). */
  serving(routes: RouteSeed[]): Promise<GatewayAdapter>;
  unreachable(): GatewayAdapter;
  close?(): Promise<void>;
}

const seeds: RouteSeed[] = [
  { path: '/orders', methods: ['GET', 'POST'] },
  { path: '/users', methods: ['GET'] },
  { path: '/health', methods: [] },
];

/** What the gateway module relies on from an API gateway (decision 510). */
export function gatewayContract(name: string, make: () => Promise<GatewaySubject>) {
  describe(`gateway port contract: ${name}`, () => {
    let s: GatewaySubject;
    let port: GatewayAdapter;
    beforeAll(async () => {
      s = await make();
      port = await s.serving(seeds);
    });
    afterAll(() => s?.close?.());

    it('lists every route across pages, with distinct ids, its paths and methods', async () => {
      const routes = await port.listRoutes();
      expect(routes).toHaveLength(seeds.length);
      expect(new Set(routes.map((r) => r.externalId)).size).toBe(seeds.length);
      const byPath = new Map(routes.map((r) => [r.paths[0], r]));
      for (const seed of seeds) {
        const r = byPath.get(seed.path)!;
        expect(r.paths).toEqual([seed.path]);
        expect([...r.methods].sort()).toEqual([...seed.methods].sort());
        expect(typeof r.name).toBe('string');
        expect(Array.isArray(r.tags)).toBe(true);
        expect(r.probeUrl === null || typeof r.probeUrl === 'string').toBe(true);
      }
      expect(['alpha', 'beta']).toContain(port.type);
    });
    it('an unreachable gateway is 503; an aborted signal rejects', async () => {
      await expect(s.unreachable().listRoutes()).rejects.toMatchObject({ statusCode: 503 });
      await expect(port.listRoutes(AbortSignal.abort())).rejects.toThrow();
    });
  });
}
