import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRegistry } from '../../fakes/ports/registry.fake.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createRegistryService, type ScanResult } from '../../../src/modules/registry/index.js';
import { createTestDatabase } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The registry service over the in-memory registry (no HTTP), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const MISSING = '00000000-0000-4000-8000-000000000000';

const scan: ScanResult = {
  status: 'COMPLETE',
  vulnerabilities: [
    {
      cveId: 'CVE-2024-0003',
      severity: 'LOW',
      packageName: 'zlib',
      installedVersion: '1.2',
      fixedVersion: null,
      description: null,
    },
    {
      cveId: 'CVE-2024-0002',
      severity: 'CRITICAL',
      packageName: 'openssl',
      installedVersion: '3.0.1',
      fixedVersion: '3.0.9',
      description: 'bad',
    },
    {
      cveId: 'CVE-2024-0001',
      severity: 'CRITICAL',
      packageName: 'openssl',
      installedVersion: '3.0.1',
      fixedVersion: '3.0.9',
      description: null,
    },
    {
      cveId: 'CVE-2024-0004',
      severity: 'INFORMATIONAL',
      packageName: 'bash',
      installedVersion: '5.1',
      fixedVersion: null,
      description: null,
    },
    {
      cveId: 'CVE-2024-0005',
      severity: 'UNDEFINED',
      packageName: 'curl',
      installedVersion: '8.0',
      fixedVersion: null,
      description: null,
    },
  ],
};

function registry() {
  const r = new FakeRegistry();
  r.push('team/app', '1.0', { digest: 'sha256:aaa', sizeBytes: 4242, pushedAt: '2026-01-01T00:00:00.000Z', scan });
  r.push('team/app', 'latest', { digest: 'sha256:aaa', sizeBytes: 4242, pushedAt: '2026-01-01T00:00:00.000Z', scan });
  r.push('team/app', '0.9', {
    digest: 'sha256:bbb',
    sizeBytes: 4000,
    pushedAt: null,
    mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
  });
  r.push('other', 'latest', { digest: 'sha256:ccc', sizeBytes: 10, pushedAt: null });
  return r;
}

/**
 * The reads of the service are plain arrow functions: with no adapter they throw synchronously
 * (see the report) instead of rejecting. `settle` turns either into a rejected promise.
 */
const settle = <T>(fn: () => Promise<T>) => Promise.resolve().then(fn);

const component = (image?: string) =>
  insertComponent(db.handle.db, { annotations: image ? { 'hangar.io/image': image } : {} });

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

describe('registry service over FakeRegistry', () => {
  it('available, repositories, tags, manifest (tags sharing the digest) and scans as the registry reports them', async () => {
    const fake = registry();
    const service = createRegistryService({ db: db.handle.db, adapter: () => fake });
    expect(await service.available(user)).toEqual({ available: true });
    expect(await service.repositories(user)).toEqual([
      { name: 'team/app', uri: 'fake.registry/team/app' },
      { name: 'other', uri: 'fake.registry/other' },
    ]);
    expect(await service.tags(user, 'team/app')).toEqual([
      { tag: '1.0', digest: 'sha256:aaa', sizeBytes: 4242, pushedAt: '2026-01-01T00:00:00.000Z' },
      { tag: 'latest', digest: 'sha256:aaa', sizeBytes: 4242, pushedAt: '2026-01-01T00:00:00.000Z' },
      { tag: '0.9', digest: 'sha256:bbb', sizeBytes: 4000, pushedAt: null },
    ]);
    expect(await service.manifest(user, 'team/app', 'latest')).toEqual({
      digest: 'sha256:aaa',
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      sizeBytes: 4242,
      pushedAt: '2026-01-01T00:00:00.000Z',
      tags: ['1.0', 'latest'],
    });
    expect(await service.manifest(user, 'team/app', '0.9')).toMatchObject({
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      tags: ['0.9'],
    });
    expect(await service.scan(user, 'team/app', '1.0')).toEqual(scan);
    // No scanner: UNSUPPORTED, but the tag must still exist.
    expect(await service.scan(user, 'team/app', '0.9')).toEqual({ status: 'UNSUPPORTED', vulnerabilities: [] });
    await expect(service.scan(user, 'team/app', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.tags(user, 'nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.manifest(user, 'team/app', 'nope')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('replications: the registry policies, [] when it has none', async () => {
    const fake = registry();
    const service = createRegistryService({ db: db.handle.db, adapter: () => fake });
    expect(await service.replications(user)).toEqual([]);
    fake.replications = [
      {
        id: 1,
        name: 'to-dr',
        destNamespace: 'dr',
        enabled: true,
        trigger: { type: 'scheduled', triggerSettings: { cron: '0 0 * * *' } },
      },
    ];
    expect(await service.replications(user)).toEqual(fake.replications);
  });

  it('registry unreachable: available false, every read 503', async () => {
    const fake = registry();
    fake.up = false;
    const service = createRegistryService({ db: db.handle.db, adapter: () => fake });
    expect(await service.available(user)).toEqual({ available: false });
    await expect(service.repositories(user)).rejects.toMatchObject({
      statusCode: 503,
      message: 'Container registry is unreachable',
    });
    await expect(service.tags(user, 'team/app')).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.manifest(user, 'team/app', '1.0')).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.scan(user, 'team/app', '1.0')).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.replications(user)).rejects.toMatchObject({ statusCode: 503 });
  });

  it('no registry configured: available false, reads and syncs 503 naming REGISTRY_TYPE', async () => {
    const service = createRegistryService({ db: db.handle.db, adapter: undefined });
    const c = await component('team/app:1.0');
    expect(await service.available(user)).toEqual({ available: false });
    await expect(settle(() => service.repositories(user))).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringContaining('REGISTRY_TYPE'),
    });
    await expect(settle(() => service.tags(user, 'team/app'))).rejects.toMatchObject({ statusCode: 503 });
    await expect(settle(() => service.manifest(user, 'team/app', '1.0'))).rejects.toMatchObject({ statusCode: 503 });
    await expect(settle(() => service.scan(user, 'team/app', '1.0'))).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.replications(user)).rejects.toMatchObject({ statusCode: 503 });
    await expect(service.requestSync(caller, c.id)).rejects.toMatchObject({ statusCode: 503 });
    // Stored findings still read (there are none).
    expect(await service.vulnerabilities(user, c.id)).toEqual([]);
    expect(await service.summary(user, c.id)).toEqual({
      componentId: c.id,
      total: 0,
      critical: 0,
      high: 0,
      medium: 0,
      low: 0,
      unknown: 0,
      syncedAt: null,
    });
  });

  it('vulnerability sync (inline without a queue): the image annotation scan replaces the stored findings', async () => {
    const fake = registry();
    const service = createRegistryService({ db: db.handle.db, adapter: () => fake });
    const c = await component('registry.example.com:5000/team/app:1.0');
    expect(await service.requestSync(caller, c.id)).toEqual({ queued: false, count: 5 });

    const stored = await service.vulnerabilities(user, c.id);
    expect(stored.map((v) => [v.severity, v.cveId])).toEqual([
      ['CRITICAL', 'CVE-2024-0001'],
      ['CRITICAL', 'CVE-2024-0002'],
      ['LOW', 'CVE-2024-0003'],
      ['INFORMATIONAL', 'CVE-2024-0004'],
      ['UNDEFINED', 'CVE-2024-0005'],
    ]);
    expect(stored[1]).toMatchObject({
      componentId: c.id,
      package: 'openssl',
      version: '3.0.1',
      fixedVersion: '3.0.9',
      description: 'bad',
    });
    const summary = await service.summary(user, c.id);
    expect(summary).toEqual({
      componentId: c.id,
      total: 5,
      critical: 2,
      high: 0,
      medium: 0,
      low: 1,
      unknown: 2,
      syncedAt: expect.any(Date),
    });

    // A new scan replaces the findings; a registry that is down leaves them as they were.
    fake.push('team/app', '1.0', {
      digest: 'sha256:ddd',
      sizeBytes: 1,
      pushedAt: null,
      scan: { status: 'COMPLETE', vulnerabilities: [scan.vulnerabilities[0]!] },
    });
    expect(await service.syncNow(caller, c.id)).toBe(1);
    expect((await service.vulnerabilities(user, c.id)).map((v) => v.cveId)).toEqual(['CVE-2024-0003']);
    fake.up = false;
    await expect(service.requestSync(caller, c.id)).rejects.toMatchObject({ statusCode: 503 });
    expect((await service.vulnerabilities(user, c.id)).map((v) => v.cveId)).toEqual(['CVE-2024-0003']);
  });

  it('sync with a queue answers {queued: true}; a queue that fails runs it inline', async () => {
    const fake = registry();
    const queued: string[] = [];
    const c = await component('team/app'); // no tag: latest
    const withQueue = createRegistryService({
      db: db.handle.db,
      adapter: () => fake,
      enqueueSync: async (id) => void queued.push(id),
    });
    expect(await withQueue.requestSync(user, c.id)).toEqual({ queued: true });
    expect(queued).toEqual([c.id]);
    expect(await withQueue.vulnerabilities(user, c.id)).toEqual([]);

    const broken = createRegistryService({
      db: db.handle.db,
      adapter: () => fake,
      enqueueSync: async () => {
        throw new Error('redis down');
      },
    });
    expect(await broken.requestSync(user, c.id)).toEqual({ queued: false, count: 5 });
  });

  it('sync checks the component and its annotation first (404, 400), before any queue or registry call', async () => {
    const fake = registry();
    const queued: string[] = [];
    const service = createRegistryService({
      db: db.handle.db,
      adapter: () => fake,
      enqueueSync: async (id) => void queued.push(id),
    });
    await expect(service.requestSync(caller, MISSING)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Component not found',
    });
    const bare = await component();
    await expect(service.requestSync(caller, bare.id)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('hangar.io/image'),
    });
    const bad = await component('team app:1.0');
    await expect(service.requestSync(caller, bad.id)).rejects.toMatchObject({ statusCode: 400 });
    expect(queued).toEqual([]);
    // The image names a repository the registry does not have: the scan's 404.
    const ghost = await component('ghost/app:1.0');
    await expect(service.syncNow(caller, ghost.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.vulnerabilities(user, MISSING)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.summary(user, MISSING)).rejects.toMatchObject({ statusCode: 404 });
  });
});
