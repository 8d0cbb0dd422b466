import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarborAdapter } from '../../src/integrations/harbor/harbor.adapter.js';
import { startFakeHarbor } from '../fakes/harbor-server.js';
import { registryContract } from './registry.contract.js';

registryContract('Harbor adapter against a Harbor API-shaped server', async () => {
  const server = await startFakeHarbor();
  return {
    port: new HarborAdapter(server.url, { username: 'admin', password: 'Harbor12345' }),
    repository: 'team/sub/api',
    tag: '1.0',
    unreachable: () => new HarborAdapter('http://127.0.0.1:1', { username: 'admin', password: 'Harbor12345' }),
    close: () => server.close(),
  };
});

let harbor: Awaited<ReturnType<typeof startFakeHarbor>>;
const creds = { username: 'admin', password: 'Harbor12345' };
beforeAll(async () => void (harbor = await startFakeHarbor()));
afterAll(() => harbor.close());

describe('Harbor adapter', () => {
  it('repositories, tags, manifest', async () => {
    const a = new HarborAdapter(harbor.url, creds);
    const host = new URL(harbor.url).host;
    expect(await a.listRepositories()).toEqual([
      { name: 'library/app', uri: `${host}/library/app`, description: 'the app' },
      { name: 'team/sub/api', uri: `${host}/team/sub/api` },
    ]);
    const tags = await a.listTags('team/sub/api');
    expect(tags.map((t) => t.tag)).toEqual(['1.0', 'latest']);
    expect(tags[0]).toEqual({
      tag: '1.0',
      digest: 'sha256:' + 'a'.repeat(64),
      sizeBytes: 1234,
      pushedAt: '2024-05-01T10:00:00.000Z',
    });
    expect(harbor.requests.some((r) => r.url.pathname.includes('/repositories/sub%252Fapi/artifacts'))).toBe(true);
    expect(await a.getManifest('library/app', '1.0')).toMatchObject({
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      tags: ['1.0', 'latest'],
      sizeBytes: 1234,
    });
  });

  it('a bare repository name is read from the default project library', async () => {
    const tags = await new HarborAdapter(harbor.url, creds).listTags('app');
    expect(tags.map((t) => t.tag)).toEqual(['1.0', 'latest']);
    expect(
      harbor.requests.some((r) => r.url.pathname === '/api/v2.0/projects/library/repositories/app/artifacts'),
    ).toBe(true);
  });

  it('scan from the vulnerability addition, severities normalised', async () => {
    const scan = await new HarborAdapter(harbor.url, creds).getScan('library/app', '1.0');
    expect(scan.status).toBe('COMPLETE');
    expect(scan.vulnerabilities.map((v) => v.severity)).toEqual([
      'CRITICAL',
      'HIGH',
      'INFORMATIONAL',
      'UNDEFINED',
      'LOW',
    ]);
    expect(scan.vulnerabilities[0]).toEqual({
      cveId: 'CVE-2024-0001',
      severity: 'CRITICAL',
      packageName: 'openssl',
      installedVersion: '3.0.1',
      fixedVersion: '3.0.9',
      description: 'bad',
    });
  });

  it('replications', async () => {
    expect(await new HarborAdapter(harbor.url, creds).listReplications()).toEqual([
      {
        id: 7,
        name: 'to-dr',
        destNamespace: 'dr',
        enabled: true,
        trigger: { type: 'scheduled', triggerSettings: { cron: '0 0 * * * *' } },
      },
    ]);
  });

  it('404 unknown, 502 refused credential, 503 unreachable', async () => {
    await expect(new HarborAdapter(harbor.url, creds).getManifest('library/app', 'nope')).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      new HarborAdapter(harbor.url, { username: 'admin', password: 'x' }).listRepositories(),
    ).rejects.toMatchObject({ statusCode: 502 });
    await expect(new HarborAdapter('http://127.0.0.1:1', creds).listRepositories()).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
