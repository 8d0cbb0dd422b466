import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BUILT_IN, KubeObjectStore, type ResourceType, type Watcher } from './kube-store.js';

/**
 * A local HTTP server that answers like the Kubernetes API server, shaped from the Kubernetes API
 * reference (https://kubernetes.io/docs/reference/using-api/api-concepts/): discovery (`/api`,
 * `/apis`, group versions), list/get of core, apps and custom resources with `resourceVersion`s,
 * JSON merge patches (a strategic-merge patch on a custom resource is 415, as on a real server),
 * watch streams (`?watch=true`: newline-delimited `{type, object}` events, resumption from a
 * `resourceVersion`, `ERROR` with a 410 Status when it was compacted away) and `Status` objects for
 * every error. Bearer-token auth. `stop()` closes it (a stopped cluster); `start()` brings it back on
 * the same port.
 */
export const FAKE_KUBE_TOKEN = 'fake-kube-token-0123456789';

const status = (code: number, reason: string, message: string) => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  message,
  reason,
  code,
});

function mergePatch(target: any, patch: any): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out = target && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

export class FakeKubeApiServer extends KubeObjectStore {
  readonly requests: { method: string; path: string; contentType?: string }[] = [];
  private server: http.Server | undefined;
  port = 0;
  /** Misbehave like a proxy that cuts every watch stream at once (after its initial events). */
  endWatchesAtOnce = false;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A kubeconfig for this server (plain HTTP needs `insecure-skip-tls-verify`). */
  kubeconfig(token = FAKE_KUBE_TOKEN): string {
    return [
      'apiVersion: v1',
      'kind: Config',
      'clusters:',
      '- name: fake',
      '  cluster:',
      `    server: ${this.url}`,
      '    insecure-skip-tls-verify: true',
      'users:',
      '- name: fake',
      '  user:',
      `    token: ${token}`,
      'contexts:',
      '- name: fake',
      '  context: {cluster: fake, user: fake}',
      'current-context: fake',
      '',
    ].join('\n');
  }

  async start(): Promise<this> {
    const server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops answering: open watches are cut, new connections refused. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const w of this.watchers) w.res.destroy();
    this.watchers.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Ends every open watch normally (as the API server does after its request timeout); clients re-watch. */
  dropWatches() {
    for (const w of this.watchers) w.res.end();
    this.watchers.clear();
  }

  /** Number of open watch streams. */
  get openWatches() {
    return this.watchers.size;
  }

  private send(res: http.ServerResponse, code: number, body: unknown) {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://kube');
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, contentType: req.headers['content-type'] });
      if (req.headers.authorization !== `Bearer ${FAKE_KUBE_TOKEN}`)
        return this.send(res, 401, status(401, 'Unauthorized', 'Unauthorized'));
      try {
        this.route(
          req.method ?? 'GET',
          url,
          Buffer.concat(chunks).toString('utf8'),
          req.headers['content-type'] ?? '',
          res,
        );
      } catch (err) {
        this.send(res, 500, status(500, 'InternalError', String((err as Error).message)));
      }
    });
  }

  private route(method: string, url: URL, body: string, contentType: string, res: http.ServerResponse) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (url.pathname === '/api')
      return this.send(res, 200, { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] });
    if (url.pathname === '/apis')
      return this.send(res, 200, { kind: 'APIGroupList', apiVersion: 'v1', groups: this.groups() });
    let group: string;
    let version: string;
    let rest: string[];
    if (parts[0] === 'api') [group, version, rest] = ['', parts[1]!, parts.slice(2)];
    else if (parts[0] === 'apis' && parts.length === 2) {
      const g = this.groups().find((x) => x.name === parts[1]);
      return g
        ? this.send(res, 200, { kind: 'APIGroup', apiVersion: 'v1', ...g })
        : this.send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    } else if (parts[0] === 'apis') [group, version, rest] = [parts[1]!, parts[2]!, parts.slice(3)];
    else return this.send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));

    const served = this.types.filter((t) => t.group === group && t.version === version);
    if (served.length === 0)
      return this.send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    if (rest.length === 0) {
      return this.send(res, 200, {
        kind: 'APIResourceList',
        apiVersion: 'v1',
        groupVersion: group ? `${group}/${version}` : version,
        resources: served.map((t) => ({
          name: t.plural,
          singularName: t.kind.toLowerCase(),
          namespaced: t.namespaced,
          kind: t.kind,
          verbs: ['get', 'list', 'watch', 'patch'],
        })),
      });
    }
    let namespace: string | undefined;
    if (rest[0] === 'namespaces' && rest.length >= 3) {
      namespace = rest[1];
      rest = rest.slice(2);
    }
    const type = served.find((t) => t.plural === rest[0]);
    if (!type) return this.send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
    const name = rest[1];
    if (!name) {
      if (method !== 'GET')
        return this.send(
          res,
          405,
          status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'),
        );
      if (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1')
        return this.watch(type, namespace, url, res);
      const items = this.list(type, namespace);
      return this.send(res, 200, {
        apiVersion: group ? `${group}/${version}` : version,
        kind: `${type.kind}List`,
        metadata: { resourceVersion: String(this.rv) },
        items,
      });
    }
    const key = this.key(type, namespace, name);
    const obj = this.objects.get(key);
    const notFound = () =>
      this.send(res, 404, {
        ...status(404, 'NotFound', `${type.plural}${group ? `.${group}` : ''} "${name}" not found`),
        details: { name, group, kind: type.plural },
      });
    if (method === 'GET') return obj ? this.send(res, 200, this.asVersion(obj, type)) : notFound();
    if (method === 'PATCH') {
      const mediaType = contentType.split(';')[0]!.trim();
      const builtIn = BUILT_IN.includes(type);
      if (mediaType === 'application/strategic-merge-patch+json' && !builtIn) {
        return this.send(
          res,
          415,
          status(
            415,
            'UnsupportedMediaType',
            'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
          ),
        );
      }
      if (mediaType !== 'application/merge-patch+json' && mediaType !== 'application/strategic-merge-patch+json') {
        return this.send(
          res,
          415,
          status(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - ${mediaType}`),
        );
      }
      if (!obj) return notFound();
      let patch: any;
      try {
        patch = JSON.parse(body);
      } catch {
        return this.send(res, 400, status(400, 'BadRequest', 'error decoding patch'));
      }
      // A resourceVersion in the patch is a precondition (optimistic concurrency), as on a real server.
      const expected = patch?.metadata?.resourceVersion;
      if (expected !== undefined && expected !== obj.metadata.resourceVersion) {
        return this.send(
          res,
          409,
          status(
            409,
            'Conflict',
            `Operation cannot be fulfilled on ${type.plural}${group ? `.${group}` : ''} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
          ),
        );
      }
      const merged = mergePatch(obj, patch);
      return this.send(res, 200, this.asVersion(this.apply(this.asVersion(merged, type)), type));
    }
    return this.send(
      res,
      405,
      status(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'),
    );
  }

  private watch(type: ResourceType, namespace: string | undefined, url: URL, res: http.ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    // The API server sends its headers at once; a client awaiting the response would wait for the first event otherwise.
    res.flushHeaders();
    const from = url.searchParams.get('resourceVersion');
    if (from && from !== '0' && Number(from) < this.compactedBelow) {
      res.end(
        JSON.stringify({
          type: 'ERROR',
          object: status(410, 'Expired', `too old resource version: ${from} (${this.compactedBelow})`),
        }) + '\n',
      );
      return;
    }
    if (!from || from === '0') {
      for (const obj of this.list(type, namespace)) res.write(JSON.stringify({ type: 'ADDED', object: obj }) + '\n');
    } else {
      for (const h of this.history) {
        if (
          h.rv > Number(from) &&
          h.kind.group === type.group &&
          h.kind.plural === type.plural &&
          (!namespace || h.object.metadata.namespace === namespace)
        ) {
          res.write(JSON.stringify({ type: h.type, object: this.asVersion(h.object, type) }) + '\n');
        }
      }
    }
    if (this.endWatchesAtOnce) {
      res.end();
      return;
    }
    const watcher: Watcher = { type, namespace, res };
    this.watchers.add(watcher);
    const timeout = Number(url.searchParams.get('timeoutSeconds') ?? 0);
    const timer = timeout > 0 ? setTimeout(() => res.end(), timeout * 1000) : undefined;
    res.on('close', () => {
      if (timer) clearTimeout(timer);
      this.watchers.delete(watcher);
    });
  }
}
