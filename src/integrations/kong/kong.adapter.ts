import type { GatewayAdapter, UpstreamRoute } from '../../modules/gateway/gateway.ports.js';
import { KongAdminClient } from './client.js';

interface KongRoute {
  id: string;
  name?: string | null;
  paths?: string[] | null;
  methods?: string[] | null;
  tags?: string[] | null;
  service?: { id: string } | null;
}
interface KongService {
  id: string;
  name?: string | null;
}

/** Routes of a Kong gateway; probes go to the proxy (`GATEWAY_ALPHA_PROXY_URL`) plus the route's first path. */
export class KongAdapter implements GatewayAdapter {
  readonly type = 'alpha' as const;
  private readonly client: KongAdminClient;

  constructor(
    adminUrl: string,
    apiKey: string | undefined,
    private readonly proxyUrl: string,
    opts: { fetch?: typeof fetch } = {},
  ) {
    this.client = new KongAdminClient(adminUrl, apiKey, opts);
  }

  async listRoutes(signal?: AbortSignal): Promise<UpstreamRoute[]> {
    const [routes, services] = await Promise.all([
      this.client.all<KongRoute>('/routes', signal),
      this.client.all<KongService>('/services', signal),
    ]);
    const serviceNames = new Map(services.map((s) => [s.id, s.name ?? s.id]));
    return routes.map((r) => {
      const paths = r.paths ?? [];
      // Regex paths (`~/…`) name no concrete URL: the probe then goes to the proxy root.
      const probePath = paths.find((p) => !p.startsWith('~')) ?? '/';
      return {
        externalId: r.id,
        name: r.name ?? (r.service ? serviceNames.get(r.service.id) : undefined) ?? r.id,
        paths,
        methods: r.methods ?? [],
        tags: r.tags ?? [],
        probeUrl: `${this.proxyUrl.replace(/\/+$/, '')}${probePath.startsWith('/') ? '' : '/'}${probePath}`,
      };
    });
  }
}
