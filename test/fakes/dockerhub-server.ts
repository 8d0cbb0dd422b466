import { startFakeServer } from './http-server.js';

/** Docker Hub API v2: login -> JWT, namespaced repositories and tags with `next` pages. */
export async function startFakeDockerHub() {
  const server = await startFakeServer((req) => {
    const p = req.url.pathname;
    if (p === '/v2/users/login' && req.method === 'POST') {
      const b = req.json();
      return b?.username === 'acme' && b?.password === 'pat'
        ? { status: 200, body: { token: 'hub-jwt' } }
        : { status: 401, body: { detail: 'Incorrect authentication credentials' } };
    }
    if (req.headers.authorization !== 'Bearer hub-jwt')
      return { status: 401, body: { detail: 'authentication required' } };
    if (p === '/v2/namespaces/acme/repositories') {
      const page = req.url.searchParams.get('page');
      if (!page)
        return {
          status: 200,
          body: {
            count: 2,
            next: `${server.url}/v2/namespaces/acme/repositories?page=2&page_size=100`,
            results: [{ name: 'api', namespace: 'acme', description: 'API' }],
          },
        };
      return {
        status: 200,
        body: { count: 2, next: null, results: [{ name: 'web', namespace: 'acme', description: '' }] },
      };
    }
    const tag = (name: string) => ({
      name,
      digest: 'sha256:' + 'f'.repeat(64),
      full_size: 999,
      media_type: 'application/vnd.oci.image.index.v1+json',
      tag_last_pushed: '2024-03-01T00:00:00Z',
    });
    if (p === '/v2/namespaces/acme/repositories/api/tags')
      return { status: 200, body: { count: 2, next: null, results: [tag('1.0'), tag('latest')] } };
    if (p === '/v2/namespaces/acme/repositories/api/tags/1.0') return { status: 200, body: tag('1.0') };
    return { status: 404, body: { message: 'object not found', errinfo: {} } };
  });
  return server;
}
