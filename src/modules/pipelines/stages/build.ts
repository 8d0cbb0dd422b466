import { realpath } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import type { BuildEngine } from '../pipelines.ports.js';
import type { StageContext, StageOutcome } from './types.js';

/** Fills `{{version}}` and `{{commitSha}}` (first 7 characters) into a tag template. */
export function renderTag(template: string, vars: { version: string; commitSha: string }) {
  return template
    .replace(/\{\{\s*version\s*\}\}/g, vars.version)
    .replace(/\{\{\s*commitSha\s*\}\}/g, vars.commitSha.slice(0, 7));
}

/** Resolves `p` inside the working folder, refusing a path that leaves it (also through symlinks). */
async function inside(workDir: string, p: string): Promise<string | undefined> {
  const full = join(workDir, p);
  const real = await realpath(full).catch(() => full);
  const root = await realpath(workDir).catch(() => workDir);
  const rel = relative(root, real);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? real : undefined;
}

/** Builds (and pushes) an image through the container build port (decision 514); the tools are the adapter's. */
export async function buildStage(ctx: StageContext): Promise<StageOutcome> {
  const c = ctx.stage.config as {
    engine: BuildEngine;
    dockerfile: string;
    context: string;
    tag: string;
    push: boolean;
    registry?: string;
  };
  const dockerfile = await inside(ctx.workDir, c.dockerfile ?? 'Dockerfile');
  const context = await inside(ctx.workDir, c.context ?? '.');
  if (!dockerfile || !context)
    return { status: 'failed', reason: 'dockerfile and context must stay inside the working folder' };

  const tag = renderTag(c.tag, { version: ctx.run.version, commitSha: ctx.run.commitSha });
  // Decision 206: checked at create too; a stored pipeline may predate that check.
  if (tag.startsWith('-') || c.registry?.startsWith('-'))
    return { status: 'failed', reason: 'the image tag and registry must not start with "-"' };
  const registry = c.push ? c.registry : undefined;
  const insecure = !!registry && ctx.config.insecureRegistries.includes(registry.split('/')[0]!);
  const result = await ctx.containerBuild.build(
    {
      engine: c.engine ?? 'oci_a',
      dockerfile,
      context,
      tag,
      push: registry ? { registry, insecure } : undefined,
      cwd: ctx.workDir,
      env: ctx.commandEnv,
    },
    ctx.log,
    ctx.signal,
  );
  if (result.status === 'stopped') return { status: 'failed', reason: 'stopped' };
  if (result.status === 'failed') return { status: 'failed', reason: result.reason, extra: { image: tag } };
  return { status: 'succeeded', extra: { image: tag, ...(registry ? { pushedTo: `${registry}/${tag}` } : {}) } };
}
