import type {
  BuildEngine,
  ContainerBuildPort,
  ContainerBuildRequest,
  ContainerBuildResult,
} from '../../modules/pipelines/pipelines.ports.js';
import { findOnPath, howItEnded, runProcess, STAGE_KILL_GRACE_MS } from '../process.js';

/** Decision 613: the three OCI build tools behind the interface's neutral engine names. */
export const ENGINE_BINARIES = { oci_a: 'docker', oci_b: 'buildah', oci_c: 'podman' } as const satisfies Record<
  BuildEngine,
  string
>;

/**
 * The argument arrays of a build and, with `push`, of the push (docker tags first, then pushes).
 * Values go in as `--flag=value` and positional arguments after `--`, so no value is ever read as
 * an option by the tool (decision 206).
 */
export function buildCommands(
  engine: BuildEngine,
  o: Pick<ContainerBuildRequest, 'dockerfile' | 'context' | 'tag' | 'push'>,
): string[][] {
  const steps: string[][] = [];
  steps.push([engine === 'oci_b' ? 'bud' : 'build', `--file=${o.dockerfile}`, `--tag=${o.tag}`, '--', o.context]);
  if (o.push) {
    const target = `${o.push.registry}/${o.tag}`;
    if (engine === 'oci_a') {
      // docker has no per-push TLS switch: plain-HTTP registries are the daemon's `insecure-registries`.
      steps.push(['tag', '--', o.tag, target], ['push', '--', target]);
    } else {
      steps.push(['push', ...(o.push.insecure ? ['--tls-verify=false'] : []), '--', o.tag, `docker://${target}`]);
    }
  }
  return steps;
}

/**
 * The docker, buildah and podman command-line tools, which share the shape of a build and a push
 * (decision 514). Each step runs through the one process-group runner (decision 515): an abort ends
 * the tool and every helper it started.
 */
export class BuildToolsAdapter implements ContainerBuildPort {
  constructor(
    /** The tools' own settings (auth file, storage configuration: `PipelinesConfig.buildToolEnv`), over the stage's environment. */
    private readonly toolEnv: Readonly<Record<string, string>> = {},
    private readonly killGraceMs = STAGE_KILL_GRACE_MS,
  ) {}

  async build(
    request: ContainerBuildRequest,
    log: (line: string) => void,
    signal?: AbortSignal,
  ): Promise<ContainerBuildResult> {
    if (signal?.aborted) return { status: 'stopped' };
    const binary = ENGINE_BINARIES[request.engine];
    const env = { ...request.env, ...this.toolEnv };
    if (!(await findOnPath(binary, env.PATH ?? ''))) {
      return {
        status: 'failed',
        reason: `the build tool "${binary}" (engine ${request.engine}) is not installed on the server's PATH`,
      };
    }
    for (const args of buildCommands(request.engine, request)) {
      log(`$ ${binary} ${args.join(' ')}`);
      const r = await runProcess({
        file: binary,
        args,
        cwd: request.cwd,
        env,
        signal,
        killGraceMs: this.killGraceMs,
        onLine: log,
      });
      if (r.error) return { status: 'failed', reason: `could not run "${binary}": ${r.error.message}` };
      if (r.stopped) return { status: 'stopped' };
      if (r.exitCode !== 0) return { status: 'failed', reason: `${binary} ${args[0]} ${howItEnded(r)}` };
    }
    return { status: 'succeeded' };
  }
}
