import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcrAdapter } from '../../src/integrations/ecr/ecr.adapter.js';
import { startFakeEcr } from '../fakes/ecr-server.js';
import { registryContract } from './registry.contract.js';

const ecrAt = (endpoint: string) =>
  new EcrAdapter({ region: 'eu-west-1', accessKeyId: 'AKIAFAKE', secretAccessKey: 'secret', endpoint }, '123456789012');
registryContract('ECR adapter against an ECR JSON-protocol server', async () => {
  const server = await startFakeEcr();
  return {
    port: ecrAt(server.url),
    repository: 'team/app',
    tag: '1.0',
    unreachable: () => ecrAt('http://127.0.0.1:1'),
    close: () => server.close(),
  };
});

let ecr: Awaited<ReturnType<typeof startFakeEcr>>;
let adapter: EcrAdapter;
beforeAll(async () => {
  ecr = await startFakeEcr();
  adapter = new EcrAdapter(
    { region: 'eu-west-1', accessKeyId: 'AKIAFAKE', secretAccessKey: 'secret', endpoint: ecr.url },
    '123456789012',
  );
});
afterAll(() => ecr.close());

describe('ECR adapter (AWS SDK against an ECR JSON-protocol server)', () => {
  it('lists repositories across pages, with the registry id', async () => {
    expect((await adapter.listRepositories()).map((r) => r.name)).toEqual(['team/app', 'other']);
    const first = ecr.requests.find((r) => String(r.headers['x-amz-target']).endsWith('DescribeRepositories'))!;
    expect(first.json().registryId).toBe('123456789012');
  });

  it('tags and manifest', async () => {
    expect(await adapter.listTags('team/app')).toEqual([
      { tag: '1.0', digest: 'sha256:' + 'b'.repeat(64), sizeBytes: 4242, pushedAt: '2024-05-01T10:00:00.000Z' },
      { tag: 'latest', digest: 'sha256:' + 'b'.repeat(64), sizeBytes: 4242, pushedAt: '2024-05-01T10:00:00.000Z' },
    ]);
    expect(await adapter.getManifest('team/app', '1.0')).toMatchObject({
      tags: ['1.0', 'latest'],
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
    });
  });

  it('scan findings', async () => {
    const scan = await adapter.getScan('team/app', '1.0');
    expect(scan.status).toBe('COMPLETE');
    expect(scan.vulnerabilities).toEqual([
      {
        cveId: 'CVE-2023-1',
        severity: 'HIGH',
        packageName: 'libc',
        installedVersion: '2.31',
        fixedVersion: null,
        description: 'd',
      },
      {
        cveId: 'CVE-2023-2',
        severity: 'INFORMATIONAL',
        packageName: '',
        installedVersion: '',
        fixedVersion: null,
        description: null,
      },
    ]);
  });

  it('404 for unknown repository or tag; 503 unreachable', async () => {
    await expect(adapter.listTags('nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(adapter.getManifest('team/app', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    const down = new EcrAdapter({
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      endpoint: 'http://127.0.0.1:1',
    });
    await expect(down.listRepositories()).rejects.toMatchObject({ statusCode: 503 });
  });
});
