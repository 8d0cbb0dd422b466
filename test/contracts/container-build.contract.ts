import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BuildEngine,
  ContainerBuildPort,
  ContainerBuildRequest,
} from '../../src/modules/pipelines/pipelines.ports.js';

export interface ContainerBuildSubject {
  port: ContainerBuildPort;
  /** The engine the suite builds with (the tool installed where it runs). */
  engine: BuildEngine;
  /** The `PATH` the tools are found on. */
  path: string;
  /** A registry (`host:port`) taking pushes over plain HTTP, and the tags it holds for a repository. */
  registry: string;
  tags(repository: string): Promise<string[]>;
  close?(): Promise<void>;
}

const uniq = () => Math.random().toString(36).slice(2, 10);

/** What the build stage relies on from the OCI build tools (decisions 510, 514). */
export function containerBuildContract(name: string, make: () => Promise<ContainerBuildSubject>) {
  describe(`container-build port contract: ${name}`, () => {
    let s: ContainerBuildSubject;
    let work: string;
    beforeAll(async () => {
      s = await make();
      work = await mkdtemp(join(tmpdir(), 'hangar-build-contract-'));
      await mkdir(join(work, 'ctx'));
      await writeFile(join(work, 'ctx', 'hello.txt'), 'hello\n');
      await writeFile(join(work, 'ctx', 'Containerfile'), 'FROM scratch\nCOPY hello.txt /hello.txt\n');
    }, 60_000);
    afterAll(async () => {
      await s?.close?.();
      if (work) await rm(work, { recursive: true, force: true });
    });
    const request = (over: Partial<ContainerBuildRequest> = {}): ContainerBuildRequest => ({
      engine: s.engine,
      dockerfile: join(work, 'ctx', 'Containerfile'),
      context: join(work, 'ctx'),
      tag: `hangar-contract/${uniq()}:1.0.0`,
      cwd: work,
      env: { PATH: s.path, HOME: work, LANG: 'C.UTF-8' },
      ...over,
    });

    it('builds an image and pushes it over plain HTTP, logging each command before it runs', async () => {
      const repository = `hangar-contract/${uniq()}`;
      const lines: string[] = [];
      const result = await s.port.build(
        request({ tag: `${repository}:2.0.0`, push: { registry: s.registry, insecure: true } }),
        (l) => lines.push(l),
      );
      expect(result, lines.join('\n')).toEqual({ status: 'succeeded' });
      expect(await s.tags(repository)).toEqual(['2.0.0']);
      const commands = lines.filter((l) => l.startsWith('$ '));
      expect(commands[0]).toMatch(/^\$ \w+ (bud|build) --file=\S+ --tag=\S+ -- \S+$/);
      expect(commands.at(-1)).toContain('push');
      expect(commands.at(-1)).toContain('--tls-verify=false');
    }, 120_000);

    it('a failing step answers failed naming the tool, the step and the exit code', async () => {
      const lines: string[] = [];
      const result = await s.port.build(request({ dockerfile: join(work, 'ctx', 'Missingfile') }), (l) =>
        lines.push(l),
      );
      expect(result.status).toBe('failed');
      expect(result.status === 'failed' && result.reason).toMatch(/^\w+ (bud|build) exited with code \d+$/);
      expect(lines.length).toBeGreaterThan(1);
    }, 60_000);

    it('a tool that is not installed answers failed naming it and its engine', async () => {
      const result = await s.port.build(request({ env: { PATH: join(work, 'no-tools-here'), HOME: work } }), () => {});
      expect(result).toEqual({
        status: 'failed',
        reason: expect.stringMatching(/^the build tool "\w+" \(engine oci_[abc]\) is not installed/),
      });
    });

    it('an aborted signal answers stopped and builds nothing', async () => {
      const repository = `hangar-contract/${uniq()}`;
      const result = await s.port.build(
        request({ tag: `${repository}:1`, push: { registry: s.registry, insecure: true } }),
        () => {},
        AbortSignal.abort(),
      );
      expect(result).toEqual({ status: 'stopped' });
      expect(await s.tags(repository)).toEqual([]);
    });

    it('an abort while the tool runs stops it: answers stopped, nothing pushed', async () => {
      const repository = `hangar-contract/${uniq()}`;
      const ac = new AbortController();
      const started = Date.now();
      // Aborts on the tool's first line of output, i.e. while it runs.
      const result = await s.port.build(
        request({ tag: `${repository}:1`, push: { registry: s.registry, insecure: true } }),
        (l) => !l.startsWith('$ ') && ac.abort(new Error('cancelled')),
        ac.signal,
      );
      expect(result).toEqual({ status: 'stopped' });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(await s.tags(repository)).toEqual([]);
    }, 60_000);
  });
}
