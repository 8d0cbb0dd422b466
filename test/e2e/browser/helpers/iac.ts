import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { portalFixture, type PortalBrowser, type PortalFixture, type PortalServer } from './index.js';
import { gitIn } from '../../../helpers/git-repo.js';

/**
 * The IaC pages in Chromium against a real server: stacks, runs and topology reported through the
 * ingestion endpoints, a module synced from a real git repository (file:// URL), drift linked to it.
 */
export const TOKEN = 'browser-iac-ingest-token-0123456789abcdef';
export const BIG = 400;
export const HUGE = 6000;
export let portal: PortalFixture;
export let server: PortalServer;
export let pb: PortalBrowser;
export let page: Page;
export let repoDir: string;
export const ids: Record<string, string> = {};

export function git(...args: string[]) {
  gitIn(repoDir, ...args);
}

export async function ingest(path: string, body: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
}

export const row = (table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

/** The server, browser and seeded data of iac.test.ts: call at the top of the file. */
export function useIacPortal(): void {
  beforeAll(async () => {
    repoDir = mkdtempSync(join(tmpdir(), 'hangar-iac-browser-'));
    git('init', '--quiet', '-b', 'main');
    writeFileSync(
      join(repoDir, 'variables.tf'),
      'variable "cidr" {\n  type = string\n  description = "Address range"\n}\n',
    );
    writeFileSync(join(repoDir, 'outputs.tf'), 'output "vpc_id" {\n  value = "x"\n  description = "The network"\n}\n');
    git('add', '--all');
    git('commit', '--quiet', '-m', 'one');
    git('tag', 'v1.0.0');
    writeFileSync(
      join(repoDir, 'variables.tf'),
      'variable "cidr" {\n  type = string\n  description = "Address range"\n}\nvariable "zones" {\n  type = number\n  default = 3\n}\n',
    );
    git('commit', '--quiet', '-am', 'two');
    git('tag', 'v1.1.0');

    portal = await portalFixture({ env: { IAC_INGEST_TOKEN: TOKEN, MAX_BODY_BYTES: String(8 * 1024 * 1024) } });
    ({ server, browser: pb } = portal);
    const token = portal.token;
    const module = await server.api(
      'POST',
      '/api/v1/iac-modules',
      {
        name: 'network',
        provider: 'cloud_a',
        engine: 'engine_a',
        description: 'A private network',
        sourceRepoUrl: pathToFileURL(repoDir).href,
      },
      token,
    );
    expect(module.status, JSON.stringify(module.body)).toBe(201);
    ids.module = module.body.id;
    expect((await server.api('POST', `/api/v1/iac-modules/${ids.module}/sync`, undefined, token)).body).toMatchObject({
      newVersions: 2,
      latestVersion: 'v1.1.0',
    });

    await ingest('/api/v1/iac/stacks/import', {
      stacks: [
        {
          name: 'core-network',
          environment: 'production',
          provider: 'engine_a',
          repositoryUrl: 'https://git.example/infra',
          basePath: 'network',
        },
        { name: 'big-estate', environment: 'staging', provider: 'engine_b' },
        { name: 'huge-estate', environment: 'staging', provider: 'engine_b' },
      ],
    });
    const stacks = (await server.api('GET', '/api/v1/iac/stacks', undefined, token)).body as {
      id: string;
      name: string;
    }[];
    for (const s of stacks) ids[s.name] = s.id;
    const started = Date.UTC(2026, 10, 20, 10);
    for (let i = 0; i < 3; i++)
      await ingest('/api/v1/iac/runs/ingest', {
        stackName: 'core-network',
        environment: 'production',
        provider: 'engine_a',
        type: i === 2 ? 'apply' : 'plan',
        status: i === 1 ? 'failed' : 'succeeded',
        resourceChanges: { add: 3 + i, change: 1, destroy: 0 },
        triggeredBy: 'ada',
        pipelineUrl: 'https://ci.example/runs/1',
        startedAt: new Date(started + i * 3600_000).toISOString(),
        finishedAt: new Date(started + i * 3600_000 + 65_000).toISOString(),
        durationMs: 65_000,
      });
    await ingest(`/api/v1/iac/stacks/${ids['core-network']}/resources/ingest`, {
      resources: [{ address: 'cloud_a_vpc.main' }, { address: 'cloud_a_subnet.a' }, { address: 'cloud_a_subnet.b' }],
      dependencies: [
        { sourceAddress: 'cloud_a_subnet.a', targetAddress: 'cloud_a_vpc.main' },
        { sourceAddress: 'cloud_a_subnet.b', targetAddress: 'cloud_a_vpc.main' },
      ],
    });
    await ingest(`/api/v1/iac/stacks/${ids['big-estate']}/resources/ingest`, {
      resources: Array.from({ length: BIG }, (_, i) => ({ address: `cloud_a_instance.web[${i}]` })),
      dependencies: Array.from({ length: BIG - 1 }, (_, i) => ({
        sourceAddress: `cloud_a_instance.web[${i + 1}]`,
        targetAddress: `cloud_a_instance.web[${i >> 1}]`,
      })),
    });
    await ingest(`/api/v1/iac/stacks/${ids['huge-estate']}/resources/ingest`, {
      resources: Array.from({ length: HUGE }, (_, i) => ({ address: `cloud_a_volume.data[${i}]` })),
      dependencies: Array.from({ length: HUGE - 1 }, (_, i) => ({
        sourceAddress: `cloud_a_volume.data[${i + 1}]`,
        targetAddress: `cloud_a_volume.data[${i >> 1}]`,
      })),
    });
    await ingest('/api/v1/iac/module-drift/ingest', {
      modules: [
        {
          stackPath: 'network/main.tf',
          moduleName: 'network',
          sourceUrl: pathToFileURL(repoDir).href,
          currentRef: 'v1.0.0',
          latestRef: 'v1.1.0',
        },
      ],
    });

    page = (await portal.signedIn('/iac')).page;
  });

  afterAll(async () => {
    await portal?.close();
    if (repoDir) rmSync(repoDir, { recursive: true, force: true });
  });
}
