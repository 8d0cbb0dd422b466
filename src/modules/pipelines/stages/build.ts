import { realpath } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import { findOnPath, runCommand } from './process.js';
import type { StageContext, StageOutcome } from './types.js';

/** Decision 613: the three OCI build tools behind the interface's neutral engine names. */
export const ENGINE_BINARIES = { oci_a: 'docker', oci_b: 'buildah', oci_c: 'podman' } as const;
type Engine = keyof typeof ENGINE_BINARIES;

/** Fills `{{version}}` and `{{commitSha}}` (first 7 characters) into a tag template. */
export function renderTag(template: string, vars: { version: string; commitSha: string }) {
  return template.replace(/\{\{\s*version\s*\}\}/g, vars.version).replace(/\{\{\s*commitSha\s*\}\}/g, vars.commitSha.slice(0, 7));
}

/**
 * The argument arrays of a build and, with `push`, of the push (docker tags first, then pushes).
 * Values go in as `--flag=value` and positional arguments after `--`, so no value is ever read as
 * an option by the tool (decision 206).
 */
export function buildCommands(engine: Engine, o: { dockerfile: string; context: string; tag: string; push?: { registry: string; insecure: boolean } }) {
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

/** Resolves `p` inside the working folder, refusing a path that leaves it (also through symlinks). */
async function inside(workDir: string, p: string): Promise<string | undefined> {
  const full = join(workDir, p);
  const real = await realpath(full).catch(() => full);
  const root = await realpath(workDir).catch(() => workDir);
  const rel = relative(root, real);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? real : undefined;
}

export async function buildStage(ctx: StageContext): Promise<StageOutcome> {
  const c = ctx.stage.config as { engine: Engine; dockerfile: string; context: string; tag: string; push: boolean; registry?: string };
  const engine = c.engine ?? 'oci_a';
  const binary = ENGINE_BINARIES[engine];
  const path = ctx.commandEnv.PATH ?? '';
  if (!(await findOnPath(binary, path))) {
    return { status: 'failed', reason: `the build tool "${binary}" (engine ${engine}) is not installed on the server's PATH` };
  }
  const dockerfile = await inside(ctx.workDir, c.dockerfile ?? 'Dockerfile');
  const context = await inside(ctx.workDir, c.context ?? '.');
  if (!dockerfile || !context) return { status: 'failed', reason: 'dockerfile and context must stay inside the working folder' };

  const tag = renderTag(c.tag, { version: ctx.run.version, commitSha: ctx.run.commitSha });
  // Decision 206: checked at create too; a stored pipeline may predate that check.
  if (tag.startsWith('-') || c.registry?.startsWith('-')) return { status: 'failed', reason: 'the image tag and registry must not start with "-"' };
  const registry = c.push ? c.registry : undefined;
  const insecure = !!registry && ctx.config.insecureRegistries.includes(registry.split('/')[0]!);
  const steps = buildCommands(engine, { dockerfile, context, tag, push: registry ? { registry, insecure } : undefined });
  // The tools read their own auth file and storage settings; the stage's HOME stays the working folder
  // unless the server names another (where `docker` keeps its config).
  const env = { ...ctx.commandEnv, ...ctx.config.buildToolEnv };
  for (const args of steps) {
    ctx.log(`$ ${binary} ${args.join(' ')}`);
    const result = await runCommand({ file: binary, args, cwd: ctx.workDir, env, signal: ctx.signal, onLine: ctx.log });
    if (result.error) return { status: 'failed', reason: `could not run "${binary}": ${result.error.message}` };
    if (result.aborted) return { status: 'failed', reason: 'stopped' };
    if (result.exitCode !== 0) {
      const how = result.exitCode === null ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
      return { status: 'failed', reason: `${binary} ${args[0]} ${how}`, extra: { image: tag } };
    }
  }
  return { status: 'succeeded', extra: { image: tag, ...(registry ? { pushedTo: `${registry}/${tag}` } : {}) } };
}
