import { isAbsolute } from 'node:path';
import type { PipelineStageRow } from '../../db/schema/pipelines.js';
import { Invalid } from '../../kernel/errors.js';
import { isUuid } from '../../kernel/schemas.js';
import { BUILD_ENGINES, STAGE_TYPES, type StageType } from './pipelines.schemas.js';

/** Stage types that run commands on the server: only admins may create or change them. */
export const PRIVILEGED_STAGE_TYPES: readonly StageType[] = ['script', 'build'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A path inside the run's working folder: relative, without `..` segments. */
export function isInsidePath(p: string): boolean {
  if (p.length === 0 || p.includes('\0') || isAbsolute(p) || p.startsWith('~')) return false;
  return !p.split(/[\\/]+/).includes('..');
}

/** Throws the 400 naming the stage (`label`) and the field. */
type Fail = (field: string, problem: string, label?: string) => never;

/** The stage's config fields, read with checks that name the stage and the field (decision 1170). */
function configReader(c: Record<string, unknown>, fail: Fail, id: string) {
  const field = (f: string) => `config.${f}`;
  const text = (f: string, required: boolean, max = 10_000): string | undefined => {
    const v = c[f];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      if (required) fail(field(f), 'is required', id);
      return undefined;
    }
    if (typeof v !== 'string') fail(field(f), 'must be a string', id);
    if ((v as string).length > max) fail(field(f), `must be at most ${max} characters`, id);
    return v as string;
  };
  return { field, text };
}

function buildStageConfig(c: Record<string, unknown>, fail: Fail, id: string): Record<string, unknown> {
  const { field, text } = configReader(c, fail, id);
  const engine = c.engine ?? 'oci_a';
  if (typeof engine !== 'string' || !(BUILD_ENGINES as readonly string[]).includes(engine))
    fail(field('engine'), `must be one of: ${BUILD_ENGINES.join(', ')}`, id);
  const dockerfile = text('dockerfile', false, 1000) ?? 'Dockerfile';
  const context = text('context', false, 1000) ?? '.';
  if (!isInsidePath(dockerfile))
    fail(field('dockerfile'), 'must be a relative path inside the working folder (no absolute path, no "..")', id);
  if (!isInsidePath(context))
    fail(field('context'), 'must be a relative path inside the working folder (no absolute path, no "..")', id);
  const tag = text('tag', true, 300)!;
  if (/\s/.test(tag)) fail(field('tag'), 'must not contain whitespace', id);
  // Decision 206: a value starting with "-" would be read as an option by docker/buildah/podman.
  if (tag.startsWith('-')) fail(field('tag'), 'must not start with "-"', id);
  if (c.push !== undefined && typeof c.push !== 'boolean') fail(field('push'), 'must be a boolean', id);
  const push = c.push === true;
  const registry = text('registry', push, 300);
  if (registry !== undefined && !/^[A-Za-z0-9][A-Za-z0-9.-]*(:\d{1,5})?(\/[A-Za-z0-9._/-]+)?$/.test(registry)) {
    fail(field('registry'), 'must be a registry host[:port][/path]', id);
  }
  return { engine, dockerfile, context, tag, push, ...(registry !== undefined ? { registry } : {}) };
}

/** The config of one stage type, defaults filled in. */
function stageConfig(type: StageType, c: Record<string, unknown>, fail: Fail, id: string): Record<string, unknown> {
  const { field, text } = configReader(c, fail, id);
  switch (type) {
    case 'script':
      return { command: text('command', true, 100_000) };
    case 'approval':
      return { message: text('message', false) ?? '' };
    case 'deploy': {
      for (const f of ['componentId', 'environmentId']) {
        const v = text(f, true);
        if (!isUuid(v)) fail(field(f), 'must be a UUID', id);
      }
      return {
        componentId: (c.componentId as string).toLowerCase(),
        environmentId: (c.environmentId as string).toLowerCase(),
      };
    }
    case 'notify':
      return { channel: text('channel', true, 200), message: text('message', false) ?? '' };
    case 'build':
      return buildStageConfig(c, fail, id);
  }
}

/** One stage of the list; `seen` holds the ids of the stages before it. */
function normaliseStage(raw: unknown, index: number, seen: Set<string>): PipelineStageRow {
  const at = (field: string) => `stages[${index}].${field}`;
  const fail = (field: string, problem: string, label?: string): never => {
    const name = label ? `stage "${label}" (${at(field)})` : at(field);
    throw new Invalid(`${name} ${problem}`, [{ field: at(field), problem }]);
  };
  if (!isObject(raw)) fail('', 'must be an object');
  const s = raw as Record<string, unknown>;
  if (typeof s.id !== 'string' || s.id.trim() === '') fail('id', 'is required (a non-empty string)');
  const id = (s.id as string).trim();
  if (id.length > 100) fail('id', 'must be at most 100 characters', id);
  if (seen.has(id)) fail('id', 'must be unique within the pipeline', id);
  seen.add(id);
  if (s.name !== undefined && typeof s.name !== 'string') fail('name', 'must be a string', id);
  const name = typeof s.name === 'string' && s.name.trim() !== '' ? s.name.trim().slice(0, 200) : id;
  if (typeof s.type !== 'string' || !(STAGE_TYPES as readonly string[]).includes(s.type)) {
    fail('type', `must be one of: ${STAGE_TYPES.join(', ')}`, id);
  }
  const type = s.type as StageType;
  if (s.order !== undefined && (typeof s.order !== 'number' || !Number.isFinite(s.order)))
    fail('order', 'must be a number', id);
  const order = typeof s.order === 'number' ? s.order : index;
  if (s.config !== undefined && !isObject(s.config)) fail('config', 'must be an object', id);
  const c = (s.config ?? {}) as Record<string, unknown>;
  return { id, name, type, order, config: stageConfig(type, c, fail, id) };
}

/**
 * Validates and normalises the `stages` of a create or update (defaults filled in, sorted by `order`).
 * Any problem is a 400 whose message and `details.field` name the stage and the field.
 */
export function normaliseStages(input: unknown[]): PipelineStageRow[] {
  const seen = new Set<string>();
  const out = input.map((raw, index) => normaliseStage(raw, index, seen));
  // Stable sort: equal orders keep the order they were given in.
  return out
    .map((s, i) => ({ s, i }))
    .sort((a, b) => a.s.order - b.s.order || a.i - b.i)
    .map(({ s }) => s);
}

export const hasPrivilegedStage = (stages: unknown[] | undefined) =>
  (stages ?? []).some((s) => isObject(s) && (PRIVILEGED_STAGE_TYPES as readonly unknown[]).includes(s.type));
