import { generateKeyPairSync, createVerify } from 'node:crypto';
import { startFakeServer } from './http-server.js';

/**
 * Google's token endpoint (jwt-bearer grant; the RS256 assertion is verified) and Artifact Registry
 * REST v1 (`repositories`, `dockerImages`, `nextPageToken`) on one local server. Returns the service
 * account key whose `token_uri` points at it.
 */
export async function startFakeArtifactRegistry() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const parent = '/v1/projects/proj-1/locations/europe-west1';
  const server = await startFakeServer((req) => {
    if (req.url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(req.body);
      const [h, p, s] = (form.get('assertion') ?? '').split('.');
      const ok =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        createVerify('RSA-SHA256')
          .update(`${h}.${p}`)
          .verify(publicKey, s ?? '', 'base64url');
      if (!ok) return { status: 400, body: { error: 'invalid_grant' } };
      return { status: 200, body: { access_token: 'ya29.fake', expires_in: 3599, token_type: 'Bearer' } };
    }
    if (req.headers.authorization !== 'Bearer ya29.fake')
      return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
    if (req.url.pathname === `${parent}/repositories`) {
      return {
        status: 200,
        body: {
          repositories: [
            { name: 'projects/proj-1/locations/europe-west1/repositories/apps', format: 'DOCKER', description: 'apps' },
            { name: 'projects/proj-1/locations/europe-west1/repositories/npm', format: 'NPM' },
          ],
        },
      };
    }
    if (req.url.pathname === `${parent}/repositories/apps/dockerImages`) {
      const img = (path: string, d: string, tags: string[]) => ({
        name: `projects/proj-1/locations/europe-west1/repositories/apps/dockerImages/${encodeURIComponent(path)}@sha256:${d.repeat(64)}`,
        uri: `europe-west1-docker.pkg.dev/proj-1/apps/${path}@sha256:${d.repeat(64)}`,
        tags,
        imageSizeBytes: '2048',
        uploadTime: '2024-06-01T12:00:00.123Z',
        mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      });
      if (!req.url.searchParams.get('pageToken'))
        return { status: 200, body: { dockerImages: [img('team/api', 'c', ['1.0', 'latest'])], nextPageToken: 'n2' } };
      return { status: 200, body: { dockerImages: [img('team/api', 'd', ['0.9']), img('web', 'e', ['2.0'])] } };
    }
    return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } };
  });
  const key = {
    type: 'service_account',
    project_id: 'proj-1',
    client_email: 'hangar@proj-1.iam.gserviceaccount.com',
    private_key: pem,
    token_uri: `${server.url}/token`,
  };
  return { server, key };
}
