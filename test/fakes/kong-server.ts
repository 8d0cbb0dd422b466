import { startFakeServer, type FakeServer } from './http-server.js';

export interface KongRouteFixture {
  id: string;
  name?: string | null;
  paths?: string[] | null;
  methods?: string[] | null;
  tags?: string[] | null;
  service?: { id: string } | null;
}

/**
 * Kong's Admin API: `GET /routes` and `GET /services` as `{data, next}` pages of `pageSize` items
 * (`next` a path with `offset`, null on the last page); `Kong-Admin-Token` checked when `token` is set
 * (401 `{message: "Invalid credentials. Token or User credentials required"}`).
 */
export async function startFakeKong(
  state: { routes: KongRouteFixture[]; services: { id: string; name: string }[] },
  opts: { token?: string; pageSize?: number } = {},
): Promise<FakeServer> {
  const size = opts.pageSize ?? 2;
  return startFakeServer((req) => {
    if (opts.token && req.headers['kong-admin-token'] !== opts.token)
      return { status: 401, body: { message: 'Invalid credentials. Token or User credentials required' } };
    const list =
      req.url.pathname === '/routes' ? state.routes : req.url.pathname === '/services' ? state.services : undefined;
    if (!list) return { status: 404, body: { message: 'Not found' } };
    const offset = Number(req.url.searchParams.get('offset') ?? 0);
    const page = list.slice(offset, offset + size);
    const next = offset + size < list.length ? `${req.url.pathname}?offset=${offset + size}` : null;
    return { status: 200, body: { data: page, next, ...(next ? { offset: String(offset + size) } : {}) } };
  });
}
