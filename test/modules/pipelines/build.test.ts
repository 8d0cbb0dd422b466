import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommands, renderTag } from '../../../src/modules/pipelines/stages/build.js';
import { buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { startOciRegistry, type OciRegistry } from '../../helpers/oci-registry.js';
import { createPipeline, script, trigger, waitForRun, workDir } from './helpers.js';

let t: TestApp;
let admin: string;
let registry: OciRegistry;

beforeAll(async () => {
  registry = await startOciRegistry();
  t = await buildTestApp({
    PIPELINE_WORK_DIR: workDir(),
    BUILD_INSECURE_REGISTRIES: `example.invalid:5000, ${registry.hostPort}`,
    PIPELINE_STAGE_TIMEOUT_S: '120',
  });
  admin = await t.adminToken();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await registry?.stop();
});

describe('build stage', () => {
  it('fills tag templates and builds argument arrays per engine', () => {
    expect(renderTag('app:{{version}}-{{ commitSha }}', { version: '1.0.0', commitSha: 'abcdef0123456' })).toBe('app:1.0.0-abcdef0');
    const o = { dockerfile: '/w/Dockerfile', context: '/w', tag: 'app:1', push: { registry: 'r:5000', insecure: true } };
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

  it('builds with buildah an image a script stage wrote and pushes it to a real registry', async () => {
    const name = `hangar-test/${uniq('img').toLowerCase()}`;
    const p = await createPipeline(t, admin, {
      name: uniq('build'),
      stages: [
        script(
          'write',
          'mkdir -p ctx && echo "hello from $HANGAR_RUN_ID" > ctx/hello.txt && printf "FROM scratch\\nCOPY hello.txt /hello.txt\\n" > ctx/Containerfile',
        ),
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
            registry: registry.hostPort,
          },
        },
      ],
    });
    const run = await trigger(t, admin, p.id, { version: '3.1.4', commitSha: '0123456789abcdef' });
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed'], 110_000);
    expect(done.status, done.logs).toBe('succeeded');
    expect(done.stageResults[1]).toMatchObject({
      stageId: 'img',
      status: 'succeeded',
      image: `${name}:3.1.4-0123456`,
      pushedTo: `${registry.hostPort}/${name}:3.1.4-0123456`,
    });
    expect(done.logs).toContain('--tls-verify=false');
    const tags = await (await fetch(`${registry.url}/v2/${name}/tags/list`)).json();
    expect(tags).toEqual({ name, tags: ['3.1.4-0123456'] });
  }, 120_000);

  it('fails naming the missing build tool', async () => {
    const p = await createPipeline(t, admin, { name: uniq('nobin'), stages: [{ id: 'img', type: 'build', config: { engine: 'oci_c', tag: 'x:1' } }] });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.stageResults[0]!.output).toContain('"podman"');
  });

  it('a failed build fails the stage with the tool output', async () => {
    const p = await createPipeline(t, admin, { name: uniq('nofile'), stages: [{ id: 'img', type: 'build', config: { engine: 'oci_b', tag: 'x:1' } }] });
    const run = await trigger(t, admin, p.id);
    const done = await waitForRun(t, admin, p.id, run.id, ['succeeded', 'failed'], 60_000);
    expect(done.status).toBe('failed');
    expect(done.stageResults[0]!.output).toMatch(/buildah bud exited with code/);
  }, 60_000);

  it('refuses a tag or registry starting with "-" (400): it would reach docker/buildah as an option', async () => {
    const bad = async (config: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/pipelines',
        headers: { authorization: `Bearer ${admin}` },
        payload: { name: uniq('dash'), stages: [{ id: 'img', type: 'build', config: { engine: 'oci_a', tag: 'x:1', ...config } }] },
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
