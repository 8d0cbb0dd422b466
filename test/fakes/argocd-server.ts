import type { ArgoApplication } from '../../src/integrations/argocd/client.js';
import { sendJson, startFakeServer, type FakeServer } from './fake-server.js';

/**
 * A local Argo CD API server (https://argo-cd.readthedocs.io/en/stable/developer-guide/api-docs/):
 * bearer tokens; `GET /api/v1/applications` (`projects` repeated, `selector` k=v[,k=v]) answering
 * `{metadata, items}` with `items: null` when empty; gRPC-gateway errors `{error, code, message}` —
 * 401 code 16 for a bad or missing token, 403 code 7 for a token without rights, 404 code 5.
 * A sync sets `operation` and the application settles to Synced/Healthy after `settleAfterReads` reads.
 */
export interface ArgoFake extends FakeServer {
  apps: Map<string, ArgoApplication>;
  tokens: Set<string>;
  forbiddenTokens: Set<string>;
  settleAfterReads: number;
  settleHealth: string;
  syncBodies: unknown[];
}

export function argoApp(name: string, over: { project?: string; labels?: Record<string, string>; health?: string; sync?: string } = {}): ArgoApplication {
  return {
    metadata: { name, namespace: 'argocd', uid: `uid-${name}`, labels: over.labels },
    spec: {
      project: over.project ?? 'default',
      source: { repoURL: `https://github.com/acme/${name}.git`, path: 'k8s', targetRevision: 'HEAD' },
      destination: { server: 'https://kubernetes.default.svc', namespace: name },
    },
    status: {
      health: { status: over.health ?? 'Healthy' },
      sync: { status: over.sync ?? 'Synced', revision: '4f1c2d3' },
      operationState: { phase: 'Succeeded', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:10Z' },
    },
  };
}

const grpcError = (code: number, message: string) => ({ error: message, code, message });

export async function startArgoCdServer(): Promise<ArgoFake> {
  const pending = new Map<string, number>();
  const initial = {
    apps: new Map(),
    tokens: new Set<string>(['argo-token']),
    forbiddenTokens: new Set<string>(),
    settleAfterReads: 1,
    settleHealth: 'Healthy',
    syncBodies: [] as unknown[],
  } as Omit<ArgoFake, keyof FakeServer>;
  // eslint-disable-next-line prefer-const
  let fake: ArgoFake;
  const server = await startFakeServer((req, res, url) => {
    const extra = fake;
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!auth) return sendJson(res, 401, grpcError(16, 'no session information'));
    if (extra.forbiddenTokens.has(auth)) return sendJson(res, 403, grpcError(7, 'permission denied'));
    if (!extra.tokens.has(auth)) return sendJson(res, 401, grpcError(16, 'invalid session: token signature is invalid'));

    if (req.method === 'GET' && url.pathname === '/api/v1/applications') {
      const projects = url.searchParams.getAll('projects');
      const selector = (url.searchParams.get('selector') ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('='));
      const items = [...extra.apps.values()].filter(
        (a) => (projects.length === 0 || projects.includes(a.spec?.project ?? '')) && selector.every(([k, v]) => a.metadata?.labels?.[k!] === v),
      );
      return sendJson(res, 200, { metadata: { resourceVersion: '1234' }, items: items.length ? items : null });
    }
    const m = /^\/api\/v1\/applications\/([^/]+)(\/sync)?$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, grpcError(5, 'Not Found'));
    const name = decodeURIComponent(m[1]!);
    const app = extra.apps.get(name);
    if (!app) return sendJson(res, 404, grpcError(5, `applications.argoproj.io "${name}" not found`));
    if (m[2] && req.method === 'POST') {
      const body = req.body ? JSON.parse(req.body) : {};
      extra.syncBodies.push(body);
      app.operation = { sync: { revision: body.revision ?? app.spec?.source?.targetRevision } };
      app.status!.operationState = { phase: 'Running', startedAt: new Date().toISOString() };
      app.status!.health = { status: 'Progressing' };
      app.status!.sync = { status: 'OutOfSync', revision: app.status!.sync?.revision };
      pending.set(name, extra.settleAfterReads);
      return sendJson(res, 200, app);
    }
    if (req.method !== 'GET') return sendJson(res, 405, grpcError(12, 'Method Not Allowed'));
    const left = pending.get(name);
    if (left !== undefined) {
      if (left <= 0) {
        pending.delete(name);
        delete app.operation;
        app.status!.operationState = { phase: 'Succeeded', finishedAt: new Date().toISOString() };
        app.status!.health = { status: extra.settleHealth };
        app.status!.sync = { status: 'Synced', revision: app.status!.sync?.revision };
      } else pending.set(name, left - 1);
    }
    return sendJson(res, 200, app);
  });
  fake = Object.assign(server, initial);
  return fake;
}
