import {
  GetResourcesCommand,
  GetRestApisCommand,
  GetStagesCommand,
  type APIGatewayClient,
  type Resource,
  type RestApi,
} from '@aws-sdk/client-api-gateway';
import type { GatewayAdapter, UpstreamRoute } from '../../modules/gateway/gateway.ports.js';
import { apiGatewayError, createApiGatewayClient, type ApiGatewaySettings } from './client.js';

const MAX_PAGES = 100;

/**
 * REST APIs of Amazon API Gateway: one route per resource (`externalId` `<restApiId>:<resourceId>`,
 * methods from `resourceMethods`), probed at the first stage's invoke URL plus the resource path.
 */
export class ApiGatewayAdapter implements GatewayAdapter {
  readonly type = 'beta' as const;
  private readonly client: APIGatewayClient;

  constructor(private readonly settings: ApiGatewaySettings) {
    this.client = createApiGatewayClient(settings);
  }

  async listRoutes(signal?: AbortSignal): Promise<UpstreamRoute[]> {
    const apis = await this.pages<RestApi>((position) =>
      this.client.send(new GetRestApisCommand({ position, limit: 500 }), { abortSignal: signal }),
    );
    const out: UpstreamRoute[] = [];
    for (const api of apis) {
      if (!api.id) continue;
      const [resources, stages] = await Promise.all([
        this.pages<Resource>((position) =>
          this.client.send(new GetResourcesCommand({ restApiId: api.id!, position, limit: 500 }), {
            abortSignal: signal,
          }),
        ),
        this.call(() => this.client.send(new GetStagesCommand({ restApiId: api.id! }), { abortSignal: signal })),
      ]);
      const stage = stages.item?.map((s) => s.stageName).find(Boolean);
      const tags = Object.entries(api.tags ?? {}).map(([k, v]) => (v ? `${k}:${v}` : k));
      for (const r of resources) {
        if (!r.id) continue;
        const path = r.path ?? '/';
        out.push({
          externalId: `${api.id}:${r.id}`,
          name: `${api.name ?? api.id} ${path}`,
          paths: [path],
          methods: Object.keys(r.resourceMethods ?? {}).sort(),
          tags,
          probeUrl: stage ? this.invokeUrl(api.id, stage, path) : null,
        });
      }
    }
    return out;
  }

  /** `https://<api>.execute-api.<region>.amazonaws.com/<stage><path>`; behind a custom endpoint, LocalStack's form. */
  private invokeUrl(apiId: string, stage: string, path: string) {
    const p = path.startsWith('/') ? path : `/${path}`;
    if (this.settings.endpoint)
      return `${this.settings.endpoint.replace(/\/+$/, '')}/restapis/${apiId}/${encodeURIComponent(stage)}/_user_request_${p}`;
    return `https://${apiId}.execute-api.${this.settings.region}.amazonaws.com/${encodeURIComponent(stage)}${p}`;
  }

  private async pages<T>(fetchPage: (position?: string) => Promise<{ items?: T[]; position?: string }>): Promise<T[]> {
    const out: T[] = [];
    let position: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = await this.call(() => fetchPage(position));
      out.push(...(page.items ?? []));
      position = page.position;
      if (!position) break;
    }
    return out;
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw apiGatewayError(err);
    }
  }
}
