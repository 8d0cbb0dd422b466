import { existsSync } from 'node:fs';
import { delimiter } from 'node:path';
import { buildCommands, ENGINE_BINARIES } from '../../../src/integrations/build-tools/build-tools.adapter.js';
import type {
  ContainerBuildPort,
  ContainerBuildRequest,
  ContainerBuildResult,
} from '../../../src/modules/pipelines/pipelines.ports.js';

/**
 * The OCI build tools in memory: records each request, logs the commands the real tools would run
 * and "pushes" into `pushed` (`registry/tag`). Held to test/contracts/container-build.contract.ts.
 */
export class FakeContainerBuild implements ContainerBuildPort {
  readonly requests: ContainerBuildRequest[] = [];
  /** Images pushed, as `registry/repository:tag`. */
  readonly pushed: string[] = [];
  /** Engines whose tool is "installed" in `toolDir` (all by default); a request's PATH must name that folder. */
  installed = new Set<string>(Object.keys(ENGINE_BINARIES));
  toolDir = '/usr/bin';
  /** Fails the next build's first step with this exit code. */
  failNext?: number;
  /** Holds every build until `release()` (or its signal), to test cancelling a running build. */
  hold = false;
  private waiting: (() => void)[] = [];

  release() {
    for (const w of this.waiting.splice(0)) w();
  }

  async build(
    request: ContainerBuildRequest,
    log: (line: string) => void,
    signal?: AbortSignal,
  ): Promise<ContainerBuildResult> {
    if (signal?.aborted) return { status: 'stopped' };
    this.requests.push(request);
    const binary = ENGINE_BINARIES[request.engine];
    if (!this.installed.has(request.engine) || !(request.env.PATH ?? '').split(delimiter).includes(this.toolDir)) {
      return {
        status: 'failed',
        reason: `the build tool "${binary}" (engine ${request.engine}) is not installed on the server's PATH`,
      };
    }
    const steps = buildCommands(request.engine, request);
    log(`$ ${binary} ${steps[0]!.join(' ')}`);
    // The real tools read the Containerfile from disk: so does the fake.
    const code = this.failNext ?? (existsSync(request.dockerfile) ? undefined : 125);
    this.failNext = undefined;
    if (code !== undefined) {
      log(`Error: the build failed (exit code ${code})`);
      return { status: 'failed', reason: `${binary} ${steps[0]![0]} exited with code ${code}` };
    }
    log('STEP 1/1: (fake build)');
    if (this.hold) {
      const released = await new Promise<boolean>((resolve) => {
        this.waiting.push(() => resolve(true));
        signal?.addEventListener('abort', () => resolve(false), { once: true });
      });
      if (!released) return { status: 'stopped' };
    }
    if (signal?.aborted) return { status: 'stopped' };
    for (const args of steps.slice(1)) log(`$ ${binary} ${args.join(' ')}`);
    if (request.push) this.pushed.push(`${request.push.registry}/${request.tag}`);
    return { status: 'succeeded' };
  }
}
