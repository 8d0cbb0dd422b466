import type { ArgoApplication } from '../../src/integrations/argocd/client.js';
import { sendJson, startFakeServer, type FakeServer } from './fake-server.js';

/**
 * A local Argo CD API server (https://argo-cd.readthedocs.io/en/stable/developer-guide/api-docs/):
 * bearer tokens; `GET /api/v1/applications` (`projects` repeated, `selector` k=v[,k=v]) answering
 * `{metadata, items}` with `items: null` when empty; gRPC-gateway errors `{error, code, message}` —
 * 401 code 16 for a bad or missing token, 403 code 7 "permission denied".
 * As the real server (server/application getAppEnforceRBAC): RBAC is checked before existence, so a
 * GET or sync of an application that does not exist answers 403 "permission denied", as does one the
 * token may not see; the list shows only what the token may `get` and then filters by `name`, answering
 * 404 code 5 "application 'x' not found" when nothing is left (`nameFilterEmpty`: newer releases'
 * empty list instead). `forbiddenTokens` may see nothing; `readOnlyTokens` may read but not sync.
 * A sync sets `operation` and the application settles to Synced/Healthy after `settleAfterReads` reads.
 */
export interface ArgoFake extends FakeServer {
  apps: Map<string, ArgoApplication>;
  tokens: Set<string>;
  forbiddenTokens: Set<string>;
  readOnlyTokens: Set<string>;
  nameFilterEmpty: boolean;
  settleAfterReads: number;
  settleHealth: string;
  syncBodies: unknown[];
}

export function argoApp(
  name: string,
  over: { project?: string; labels?: Record<string, string>; health?: string; sync?: string } = {},
): ArgoApplication {
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
    readOnlyTokens: new Set<string>(),
    nameFilterEmpty: false,
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
    if (!extra.tokens.has(auth))
      return sendJson(res, 401, grpcError(16, 'invalid session: token signature is invalid'));
    const mayGet = !extra.forbiddenTokens.has(auth);
    const maySync = mayGet && !extra.readOnlyTokens.has(auth);
    const denied = () => sendJson(res, 403, grpcError(7, 'permission denied'));

    if (req.method === 'GET' && url.pathname === '/api/v1/applications') {
      const projects = url.searchParams.getAll('projects');
      const selector = (url.searchParams.get('selector') ?? '')
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('='));
      const items = [...extra.apps.values()].filter(
        (a) =>
          mayGet &&
          (projects.length === 0 || projects.includes(a.spec?.project ?? '')) &&
          selector.every(([k, v]) => a.metadata?.labels?.[k!] === v),
      );
      const name = url.searchParams.get('name');
      if (name) {
        const named = items.filter((a) => a.metadata?.name === name);
        if (named.length === 0 && !extra.nameFilterEmpty)
          return sendJson(res, 404, grpcError(5, `application '${name}' not found`));
        return sendJson(res, 200, { metadata: { resourceVersion: '1234' }, items: named.length ? named : null });
      }
      return sendJson(res, 200, { metadata: { resourceVersion: '1234' }, items: items.length ? items : null });
    }
    const m = /^\/api\/v1\/applications\/([^/]+)(\/sync)?$/.exec(url.pathname);
    if (!m) return sendJson(res, 404, grpcError(5, 'Not Found'));
    const name = decodeURIComponent(m[1]!);
    const app = extra.apps.get(name);
    // No project in the request: a missing application is "permission denied" too.
    if (!app || !mayGet) return denied();
    if (m[2] && req.method === 'POST') {
      if (!maySync) return denied();
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
