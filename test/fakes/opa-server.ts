import { startFakeServer, type FakeServer } from './http-server.js';

/**
 * Answers like OPA's REST API (https://www.openpolicyagent.org/docs/latest/rest-api/):
 * `GET /health` -> 200 `{}`; `POST /v1/data/{path}` with `{input}` -> 200 `{result}` or `{}` when
 * the document is undefined; a body without valid JSON -> 400 `{code: "invalid_parameter", message}`.
 */
export async function startFakeOpa(
  policies: Record<string, (input: any) => unknown>,
): Promise<FakeServer & { healthy: boolean }> {
  const state = { healthy: true };
  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.url.pathname === '/health') {
      return state.healthy
        ? { status: 200, body: {} }
        : { status: 500, body: { code: 'internal_error', message: 'not ready' } };
    }
    const m = /^\/v1\/data\/(.+)$/.exec(req.url.pathname);
    if (req.method === 'POST' && m) {
      let parsed: any;
      try {
        parsed = req.json();
      } catch {
        return { status: 400, body: { code: 'invalid_parameter', message: 'body contains malformed input document' } };
      }
      const path = m[1]!.split('/').map(decodeURIComponent).join('/');
      const policy = policies[path];
      const result = policy ? policy(parsed?.input ?? {}) : undefined;
      return { status: 200, body: result === undefined ? { decision_id: 'd-1' } : { decision_id: 'd-1', result } };
    }
    return { status: 404, body: { code: 'resource_not_found', message: 'not found' } };
  });
  return Object.defineProperty(server, 'healthy', {
    get: () => state.healthy,
    set: (v: boolean) => {
      state.healthy = v;
    },
  }) as FakeServer & { healthy: boolean };
}
