import { randomUUID } from 'node:crypto';
import type { CircleCiPipeline } from '../../src/integrations/circleci/client.js';
import { sendJson, startFakeServer, type FakeServer } from './fake-server.js';

/**
 * A local CircleCI API v2 (https://circleci.com/docs/api/v2/): `Circle-Token` header (401
 * `{"message":"You must log in first."}` otherwise); `GET /pipeline` (`org-slug`, `page-token`)
 * answering `{items, next_page_token}` 20 at a time, newest first; `POST /project/{slug}/pipeline`
 * answering 201 `{id, state, number, created_at}`, 404 `{"message":"Project not found"}` for an
 * unknown project, 400 when both branch and tag are given.
 */
export interface CircleCiFake extends FakeServer {
  pipelines: CircleCiPipeline[];
  projects: Set<string>;
  tokens: Set<string>;
  triggers: { slug: string; body: Record<string, unknown> }[];
}

export const PAGE_SIZE = 20;

export function circlePipeline(slug: string, repoUrl: string, number: number, branch = 'main'): CircleCiPipeline {
  return {
    id: randomUUID(),
    number,
    project_slug: slug,
    state: 'created',
    created_at: new Date(Date.UTC(2026, 0, 1, 0, number)).toISOString(),
    updated_at: new Date(Date.UTC(2026, 0, 1, 0, number)).toISOString(),
    errors: [],
    trigger: { type: 'webhook', received_at: new Date().toISOString(), actor: { login: 'dev' } },
    vcs: {
      provider_name: 'GitHub',
      origin_repository_url: repoUrl,
      target_repository_url: repoUrl,
      revision: 'a'.repeat(40),
      branch,
    },
  };
}

export async function startCircleCiServer(): Promise<CircleCiFake> {
  const initial = {
    pipelines: [] as CircleCiPipeline[],
    projects: new Set<string>(),
    tokens: new Set(['circle-token']),
    triggers: [] as CircleCiFake['triggers'],
  };
  // eslint-disable-next-line prefer-const
  let fake: CircleCiFake;
  const server = await startFakeServer((req, res, url) => {
    const extra = fake;
    const token = req.headers['circle-token'];
    if (typeof token !== 'string' || !extra.tokens.has(token))
      return sendJson(res, 401, { message: 'You must log in first.' });

    if (req.method === 'GET' && url.pathname === '/pipeline') {
      const org = url.searchParams.get('org-slug');
      const offset = Number(Buffer.from(url.searchParams.get('page-token') ?? 'MA', 'base64url').toString() || 0);
      const all = extra.pipelines
        .filter((p) => !org || p.project_slug.startsWith(`${org}/`))
        .sort((a, b) => b.number - a.number);
      const items = all.slice(offset, offset + PAGE_SIZE);
      const next =
        offset + PAGE_SIZE < all.length ? Buffer.from(String(offset + PAGE_SIZE)).toString('base64url') : null;
      return sendJson(res, 200, { items, next_page_token: next });
    }
    const m = /^\/project\/([^/]+)\/([^/]+)\/([^/]+)\/pipeline$/.exec(url.pathname);
    if (m && req.method === 'POST') {
      const slug = m.slice(1, 4).map(decodeURIComponent).join('/');
      if (!extra.projects.has(slug)) return sendJson(res, 404, { message: 'Project not found' });
      const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
      if (body.branch && body.tag) return sendJson(res, 400, { message: 'Branch and tag are mutually exclusive.' });
      extra.triggers.push({ slug, body });
      const repoUrl =
        extra.pipelines.find((p) => p.project_slug === slug)?.vcs?.origin_repository_url ??
        `https://github.com/${slug.split('/').slice(1).join('/')}`;
      const p = circlePipeline(slug, repoUrl, extra.pipelines.length + 1, (body.branch as string) ?? 'main');
      p.state = 'pending';
      extra.pipelines.push(p);
      return sendJson(res, 201, { id: p.id, state: p.state, number: p.number, created_at: p.created_at });
    }
    return sendJson(res, 404, { message: 'Not found.' });
  });
  fake = Object.assign(server, initial);
  return fake;
}
