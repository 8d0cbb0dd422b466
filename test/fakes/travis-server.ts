import type { TravisBuild } from '../../src/integrations/travis/client.js';
import { sendJson, startFakeServer, type FakeServer } from './fake-server.js';

/**
 * A local Travis CI API v3 (https://developer.travis-ci.com/): requires `Travis-API-Version: 3` and
 * `Authorization: token …` (403 `login_required` otherwise); `GET /builds` and
 * `GET /repo/{slug-url-encoded}/builds` with `limit` (capped at 100) / `offset` and `@pagination`;
 * `POST /build/{id}/restart` answering 202 `{@type: pending, build, state_change: restart}`;
 * missing objects 404 `{@type: error, error_type: not_found, …}`.
 */
export interface TravisFake extends FakeServer {
  builds: TravisBuild[];
  tokens: Set<string>;
  restarted: number[];
}

export function travisBuild(id: number, slug: string, state = 'passed'): TravisBuild {
  const [owner, name] = slug.split('/');
  return {
    id,
    number: String(id % 1000),
    state,
    previous_state: 'passed',
    event_type: 'push',
    duration: 61,
    started_at: '2026-01-01T00:00:00Z',
    finished_at: '2026-01-01T00:01:01Z',
    repository: { id: slug.length, name: name!, slug: `${owner}/${name}` },
    branch: { name: 'main' },
    commit: { sha: 'b'.repeat(40), message: 'fix' },
  };
}

const error = (type: string, message: string, resource?: string) => ({
  '@type': 'error',
  error_type: type,
  error_message: message,
  ...(resource ? { resource_type: resource } : {}),
});

export async function startTravisServer(): Promise<TravisFake> {
  const initial = { builds: [] as TravisBuild[], tokens: new Set(['travis-token']), restarted: [] as number[] };
  // eslint-disable-next-line prefer-const
  let fake: TravisFake;
  const server = await startFakeServer((req, res, url) => {
    const extra = fake;
    if (req.headers['travis-api-version'] !== '3')
      return sendJson(res, 400, error('wrong_params', 'this fake only speaks API v3'));
    const token = /^token (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !extra.tokens.has(token)) return sendJson(res, 403, error('login_required', 'login required'));

    const repo = /^\/repo\/([^/]+)\/builds$/.exec(url.pathname);
    if (req.method === 'GET' && (url.pathname === '/builds' || repo)) {
      const slug = repo ? decodeURIComponent(repo[1]!) : undefined;
      if (slug && !extra.builds.some((b) => b.repository?.slug === slug))
        return sendJson(res, 404, error('not_found', 'repository not found (or insufficient access)', 'repository'));
      const all = extra.builds.filter((b) => !slug || b.repository?.slug === slug).sort((a, b) => b.id - a.id);
      const limit = Math.min(Number(url.searchParams.get('limit') ?? 25), 100);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const page = all.slice(offset, offset + limit);
      const isLast = offset + limit >= all.length;
      const href = (o: number) => `${url.pathname}?limit=${limit}&offset=${o}`;
      return sendJson(res, 200, {
        '@type': 'builds',
        '@href': href(offset),
        '@representation': 'standard',
        '@pagination': {
          limit,
          offset,
          count: all.length,
          is_first: offset === 0,
          is_last: isLast,
          next: isLast ? null : { '@href': href(offset + limit), offset: offset + limit, limit },
          prev:
            offset === 0
              ? null
              : { '@href': href(Math.max(0, offset - limit)), offset: Math.max(0, offset - limit), limit },
          first: { '@href': href(0), offset: 0, limit },
          last: { '@href': href(Math.max(0, all.length - limit)), offset: Math.max(0, all.length - limit), limit },
        },
        builds: page,
      });
    }
    const restart = /^\/build\/(\d+)\/restart$/.exec(url.pathname);
    if (restart && req.method === 'POST') {
      const build = extra.builds.find((b) => b.id === Number(restart[1]));
      if (!build) return sendJson(res, 404, error('not_found', 'build not found (or insufficient access)', 'build'));
      extra.restarted.push(build.id);
      build.state = 'created';
      return sendJson(res, 202, {
        '@type': 'pending',
        build: {
          '@type': 'build',
          '@href': `/build/${build.id}`,
          '@representation': 'minimal',
          id: build.id,
          number: build.number,
          state: build.state,
        },
        state_change: 'restart',
        resource_type: 'build',
      });
    }
    return sendJson(res, 404, error('not_found', 'resource not found (or insufficient access)'));
  });
  fake = Object.assign(server, initial);
  return fake;
}
