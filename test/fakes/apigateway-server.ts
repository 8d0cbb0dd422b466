import { startFakeServer, type FakeServer } from './http-server.js';

export interface FakeRestApi {
  id: string;
  name: string;
  tags?: Record<string, string>;
  stages: string[];
  resources: { id: string; path: string; methods: string[] }[];
}

/**
 * Amazon API Gateway's REST (v1) control plane as the SDK calls it: `GET /restapis`,
 * `GET /restapis/{id}/resources`, `GET /restapis/{id}/stages`, lists under `item` with a `position`
 * token (pages of one to prove it is followed); unsigned calls -> 403 `UnrecognizedClientException`.
 * It also serves LocalStack-style invoke URLs `/restapis/{id}/{stage}/_user_request_/{path}` for probes.
 */
export async function startFakeApiGateway(
  apis: FakeRestApi[],
  invoke: (path: string) => { status: number; delayMs?: number } = () => ({ status: 200 }),
): Promise<FakeServer> {
  return startFakeServer(async (req) => {
    const p = req.url.pathname;
    const user = /^\/restapis\/([^/]+)\/([^/]+)\/_user_request_(\/.*)$/.exec(p);
    if (user) {
      const r = invoke(user[3]!);
      if (r.delayMs) await new Promise((res) => setTimeout(res, r.delayMs));
      return { status: r.status, body: {} };
    }
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256')) {
      return {
        status: 403,
        headers: { 'x-amzn-errortype': 'UnrecognizedClientException' },
        body: { message: 'The security token included in the request is invalid.' },
      };
    }
    const pos = Number(req.url.searchParams.get('position') ?? 0);
    const page = <T>(items: T[]) => ({
      item: items.slice(pos, pos + 1),
      ...(pos + 1 < items.length ? { position: String(pos + 1) } : {}),
    });
    if (p === '/restapis')
      return { status: 200, body: page(apis.map((a) => ({ id: a.id, name: a.name, tags: a.tags ?? {} }))) };
    const m = /^\/restapis\/([^/]+)\/(resources|stages)$/.exec(p);
    const api = apis.find((a) => a.id === m?.[1]);
    if (!m || !api)
      return {
        status: 404,
        headers: { 'x-amzn-errortype': 'NotFoundException' },
        body: { message: 'Invalid API identifier specified' },
      };
    if (m[2] === 'stages')
      return { status: 200, body: { item: api.stages.map((s) => ({ stageName: s, deploymentId: 'd1' })) } };
    const resources = api.resources.map((r) => ({
      id: r.id,
      path: r.path,
      pathPart: r.path.split('/').pop(),
      ...(r.methods.length ? { resourceMethods: Object.fromEntries(r.methods.map((x) => [x, {}])) } : {}),
    }));
    return { status: 200, body: page(resources) };
  });
}
