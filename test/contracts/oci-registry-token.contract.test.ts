import { describe, expect, it } from 'vitest';
import { OciRegistryAdapter } from '../../src/integrations/oci-registry/oci-registry.adapter.js';
import { NotFound } from '../../src/kernel/errors.js';

// The Docker token flow as Docker Hub runs it (no local registry process needed): decision 407.
describe('OCI registry adapter: token-flow answers for a missing repository', () => {
  it('a repository the token server grants nothing for (as Docker Hub does for a missing one) is 404, not a refused credential', async () => {
    const { startFakeServer } = await import('../fakes/http-server.js');
    const jwt = (access: unknown[]) =>
      ['e30', Buffer.from(JSON.stringify({ iss: 'auth.docker.io', access })).toString('base64url'), 'c2ln'].join('.');
    const server = await startFakeServer((req) => {
      if (req.url.pathname === '/token') {
        // Docker's token server: a token for every scope, granting only what exists and may be pulled.
        const scope = req.url.searchParams.get('scope') ?? '';
        const [, name] = scope.split(':');
        return {
          status: 200,
          body: { token: jwt(name === 'library/nginx' ? [{ type: 'repository', name, actions: ['pull'] }] : []) },
        };
      }
      const name = /^\/v2\/(.+)\/tags\/list$/.exec(req.url.pathname)?.[1] ?? '';
      const auth = req.headers.authorization ?? '';
      const granted =
        auth.startsWith('Bearer ') &&
        (JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString() || '{}').access ?? []).length > 0;
      if (!granted) {
        return {
          status: 401,
          headers: {
            'www-authenticate': `Bearer realm="${server.url}/token",service="registry.docker.io",scope="repository:${name}:pull"`,
          },
          body: { errors: [{ code: 'UNAUTHORIZED', message: 'authentication required' }] },
        };
      }
      return { status: 200, body: { name, tags: ['1.27'] } };
    });
    const a = new OciRegistryAdapter(server.url);
    expect((await a.listTags('library/nginx')).map((t) => t.tag)).toEqual(['1.27']);
    await expect(a.listTags('library/no-such-image')).rejects.toBeInstanceOf(NotFound);
    await server.close();
  });
});
