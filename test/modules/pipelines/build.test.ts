import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCommands } from '../../../src/integrations/build-tools/build-tools.adapter.js';
import { renderTag } from '../../../src/modules/pipelines/stages/build.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { FakeContainerBuild } from '../../fakes/ports/container-build.fake.js';
import { createPipeline, script, trigger, waitForRun, workDir } from './helpers.js';

// The stage through the container build port (decision 514); the real tools are held to the port by
// test/contracts/container-build.*.test.ts (buildah pushing to a real registry).
let t: TestApp;
let admin: string;
let build: FakeContainerBuild;
const work = workDir();

beforeAll(async () => {
  build = new FakeContainerBuild();
  t = await buildTestApp(
    { PIPELINE_WORK_DIR: work, BUILD_INSECURE_REGISTRIES: 'example.invalid:5000, 127.0.0.1:5999' },
    undefined,
    { containerBuild: build },
  );
  admin = await t.adminToken();
}, 60_000);
afterAll(() => t?.close());
beforeEach(() => {
  build.installed = new Set(['oci_a', 'oci_b', 'oci_c']);
  build.hold = false;
});

describe('build stage', () => {
  it('fills tag templates and builds argument arrays per engine', () => {
    expect(renderTag('app:{{version}}-{{ commitSha }}', { version: '1.0.0', commitSha: 'abcdef0123456' })).toBe(
      'app:1.0.0-abcdef0',
    );
    const o = {
      dockerfile: '/w/Dockerfile',
      context: '/w',
      tag: 'app:1',
      push: { registry: 'r:5000', insecure: true },
    };
    expect(buildCommands('oci_b', o)).toEqual([
      ['bud', '--file=/w/Dockerfile', '--tag=app:1', '--', '/w'],
      ['push', '--tls-verify=false', '--', 'app:1', 'docker://r:5000/app:1'],
    ]);
    expect(buildCommands('oci_c', { ...o, push: { registry: 'r:5000', insecure: false } })).toEqual([
      ['build', '--file=/w/Dockerfile', '--tag=app:1', '--', '/w'],
      ['push', '--', 'app:1', 'docker://r:5000/app:1'],
    ]);
    expect(buildCommands('oci_a', o)).toEqual([
      ['build', '--file=/w/Dockerfile', '--tag=app:1', '--', '/w'],
      ['tag', '--', 'app:1', 'r:5000/app:1'],
      ['push', '--', 'r:5000/app:1'],
    ]);
  });

  it('hands the port the checked paths, the rendered tag and the push, and reports the image', async () => {
    const name = `hangar-test/${uniq('img').toLowerCase()}`;
    const p = await createPipeline(t, admin, {
      name: uniq('build'),
      stages: [
        script('write', 'mkdir -p ctx && printf "FROM scratch\\n" > ctx/Containerfile'),
        {
          id: 'img',
          name: 'Image',
          type: 'build',
          config: {
            engine: 'oci_b',
            dockerfile: 'ctx/Containerfile',
            context: 'ctx',
            tag: `${name}:{{version}}-{{commitSha}}`,
            push: true,
            registry: '127.0.0.1:5999',
          },
        },
      ],
    });
    const run = await trigger(t, admin, p.id, { version: '3.1.4', commitSha: '0123456789abcdef' });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status, done.logs).toBe('succeeded');
    expect(done.stageResults[1]).toMatchObject({
      stageId: 'img',
      status: 'succeeded',
      image: `${name}:3.1.4-0123456`,
      pushedTo: `127.0.0.1:5999/${name}:3.1.4-0123456`,
    });
    const runDir = join(realpathSync(work), run.id);
    expect(build.requests.at(-1)).toMatchObject({
      engine: 'oci_b',
      dockerfile: join(runDir, 'ctx/Containerfile'),
      context: join(runDir, 'ctx'),
      tag: `${name}:3.1.4-0123456`,
      push: { registry: '127.0.0.1:5999', insecure: true },
      env: { HOME: join(work, run.id), HANGAR_RUN_ID: run.id, HANGAR_VERSION: '3.1.4' },
    });
    expect(done.logs).toContain('--tls-verify=false');
  });

  it('fails naming the missing build tool', async () => {
    build.installed.delete('oci_c');
    const p = await createPipeline(t, admin, {
      name: uniq('nobin'),
      stages: [{ id: 'img', type: 'build', config: { engine: 'oci_c', tag: 'x:1' } }],
    });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.stageResults[0]!.output).toContain('"podman"');
  });

  it('a failed build fails the stage with the tool output', async () => {
    const p = await createPipeline(t, admin, {
      name: uniq('nofile'),
      stages: [{ id: 'img', type: 'build', config: { engine: 'oci_b', tag: 'x:1' } }],
    });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.stageResults[0]!.output).toMatch(/buildah bud exited with code/);
  });

  it('cancelling a run stops its build', async () => {
    build.hold = true;
    const p = await createPipeline(t, admin, {
      name: uniq('hold'),
      stages: [
        script('write', 'printf "FROM scratch\\n" > Dockerfile'),
        { id: 'img', type: 'build', config: { engine: 'oci_b', tag: 'x:1' } },
      ],
    });
    const run = await trigger(t, admin, p.id);
    await waitForRun(t, admin, p.id, run.id, (r) => r.logs.includes('(fake build)'));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pipelines/${p.id}/runs/${run.id}/cancel`,
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitForRun(t, admin, p.id, run.id, ['cancelled', 'failed', 'succeeded']);
    expect(done.status).toBe('cancelled');
    expect(build.pushed).not.toContain('x:1');
  });

  it('refuses a tag or registry starting with "-" (400): it would reach docker/buildah as an option', async () => {
    const bad = async (config: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/pipelines',
        headers: { authorization: `Bearer ${admin}` },
        payload: {
          name: uniq('dash'),
          stages: [{ id: 'img', type: 'build', config: { engine: 'oci_a', tag: 'x:1', ...config } }],
        },
      });
    for (const config of [
      { tag: '--output=type=local,dest=/' },
      { tag: '-t' },
      { push: true, registry: '--insecure' },
      { push: true, registry: '-r.example:5000' },
    ]) {
      const res = await bad(config);
      expect(res.statusCode, JSON.stringify(config)).toBe(400);
      expect(res.json().message).toMatch(/must not start with "-"|must be a registry host/);
    }
  });
});
