import semver from 'semver';
import type { IacOutputMeta, IacVariableMeta } from '../../db/schema/index.js';

/**
 * Turning Terraform sources into VariableMeta / OutputMeta, and tag names into versions.
 * Pure functions (plus the WASM parser), unit-tested on their own.
 */

/**
 * hcl2json hands a non-literal expression back as the text `${<expr>}`. It also leaves templates
 * (`"a-${var.x}"`) as their text, so only a `${` whose matching `}` is the very last character is a
 * wrapper. Quotes and nested interpolations are tracked so braces inside strings do not count.
 */
export function unwrapExpression(text: string): string | undefined {
  if (!text.startsWith('${') || !text.endsWith('}')) return undefined;
  const stack: ('code' | 'str')[] = ['code'];
  for (let i = 2; i < text.length; i++) {
    const c = text[i]!;
    const top = stack[stack.length - 1];
    if (top === 'str') {
      if (c === '\\') i++;
      else if (c === '"') stack.pop();
      else if ((c === '$' || c === '%') && text[i + 1] === '{') {
        stack.push('code');
        i++;
      }
      continue;
    }
    if (c === '"') stack.push('str');
    else if (c === '{') stack.push('code');
    else if (c === '}') {
      stack.pop();
      if (stack.length === 0) return i === text.length - 1 ? text.slice(2, -1).trim() : undefined;
    }
  }
  // Unbalanced inside (a brace in a heredoc, say): the outer wrapper is still the only reading.
  return text.slice(2, -1).trim();
}

/** An expression as written: the unwrapped expression, or the literal serialised as JSON. */
export function expressionText(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return unwrapExpression(value) ?? JSON.stringify(value);
  return JSON.stringify(value);
}

/** A type constraint: `${list(string)}` becomes `list(string)`; a legacy quoted type stays as written. */
function typeText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return unwrapExpression(value) ?? value;
  return JSON.stringify(value);
}

/** Free text (descriptions, error messages): kept as is unless it is a whole expression. */
function plainText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return unwrapExpression(value) ?? value;
  return JSON.stringify(value);
}

type Block = Record<string, unknown>;
const firstBlock = (v: unknown): Block => (Array.isArray(v) ? ((v[0] as Block) ?? {}) : ((v as Block) ?? {}));
const blocks = (v: unknown): Block[] =>
  Array.isArray(v) ? (v as Block[]) : v && typeof v === 'object' ? [v as Block] : [];

/** A flag as hcl2json or JSON syntax writes it (`true`, `"true"`, `"${true}"`); `fallback` when absent. */
function flag(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const text = unwrapExpression(value) ?? value;
    if (text === 'true') return true;
    if (text === 'false') return false;
  }
  return fallback;
}

export function variableMeta(name: string, raw: unknown): IacVariableMeta {
  const block = firstBlock(raw);
  const hasDefault = Object.prototype.hasOwnProperty.call(block, 'default');
  // Every validation block, in order: the document's `validation` is the first of them.
  const validations = blocks(block.validation).map((v) => ({
    condition: expressionText(v.condition) ?? '',
    errorMessage: plainText(v.error_message) ?? '',
  }));
  return {
    name,
    type: typeText(block.type),
    description: plainText(block.description),
    default: hasDefault ? expressionText(block.default) : null,
    required: !hasDefault,
    validation: validations[0] ?? null,
    validations,
    sensitive: flag(block.sensitive, false),
    nullable: flag(block.nullable, true),
  };
}

export function outputMeta(name: string, raw: unknown): IacOutputMeta {
  const block = firstBlock(raw);
  return {
    name,
    description: plainText(block.description),
    value: expressionText(block.value),
    sensitive: flag(block.sensitive, false),
  };
}

export class HclParseError extends Error {}

/** Parses one HCL file into hcl2json's JSON (in a worker thread in production: see hcl-pool.ts). */
export type HclParser = (name: string, content: string) => Promise<Record<string, unknown>>;

/** The parser on the calling thread (unit tests, tiny inputs): loaded on first use only. */
export const inlineParser: HclParser = async (name, content) => {
  const { parse } = await import('@cdktf/hcl2json');
  return (await parse(name, content)) as Record<string, unknown>;
};

const isJson = (name: string) => name.endsWith('.tf.json');
/** Terraform's override files: merged into the declarations of the other files, after them. */
const isOverride = (name: string) => /(^|_)override\.tf(\.json)?$/.test(name);
const byFileName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * `variable` / `output` blocks of one file as name -> block. JSON syntax (`*.tf.json`) nests
 * `{"variable": {"name": {...}}}` (or arrays of such objects) and uses `"//"` keys as comments.
 */
function declared(json: Record<string, unknown>, kind: 'variable' | 'output'): [string, Block][] {
  const out: [string, Block][] = [];
  for (const group of blocks(json[kind])) {
    for (const [name, raw] of Object.entries(group)) if (name !== '//') out.push([name, firstBlock(raw)]);
  }
  return out;
}

async function parseFile(file: { name: string; content: string }, parser: HclParser): Promise<Record<string, unknown>> {
  try {
    if (!isJson(file.name)) return await parser(file.name, file.content);
    const json = JSON.parse(file.content) as unknown;
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('the document must be a JSON object');
    return json as Record<string, unknown>;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const clean = text.replace(/\s+/g, ' ').trim();
    throw new HclParseError((clean.startsWith(`${file.name}:`) ? clean : `${file.name}: ${clean}`).slice(0, 400));
  }
}

/**
 * Variables and outputs of one module root, as Terraform reads it: every `*.tf` and `*.tf.json`
 * file; a name declared twice keeps its first declaration (files in name order; Terraform itself
 * would refuse the module); override files then replace the attributes they set (nested
 * `validation` blocks as a whole). Sorted by name.
 */
export async function moduleMeta(
  files: { name: string; content: string }[],
  parser: HclParser = inlineParser,
): Promise<{ variables: IacVariableMeta[]; outputs: IacOutputMeta[] }> {
  const sorted = [...files].sort(byFileName);
  const parsed = await Promise.all(sorted.map((f) => parseFile(f, parser)));
  const raw = { variable: new Map<string, Block>(), output: new Map<string, Block>() };
  const overrides: Record<string, unknown>[] = [];
  sorted.forEach((f, i) => (isOverride(f.name) ? overrides.push(parsed[i]!) : undefined));
  sorted.forEach((f, i) => {
    if (isOverride(f.name)) return;
    for (const kind of ['variable', 'output'] as const)
      for (const [name, block] of declared(parsed[i]!, kind)) if (!raw[kind].has(name)) raw[kind].set(name, block);
  });
  for (const json of overrides) {
    for (const kind of ['variable', 'output'] as const)
      for (const [name, block] of declared(json, kind)) {
        const base = raw[kind].get(name);
        if (base) raw[kind].set(name, { ...base, ...block });
      }
  }
  const variables = [...raw.variable].map(([name, block]) => variableMeta(name, block));
  const outputs = [...raw.output].map(([name, block]) => outputMeta(name, block));
  return { variables: variables.sort(byFileName), outputs: outputs.sort(byFileName) };
}

/** The semver of a tag `vX.Y.Z` or `X.Y.Z` (pre-release and build parts allowed), else undefined. */
export function tagVersion(tag: string): string | undefined {
  const core = tag.startsWith('v') ? tag.slice(1) : tag;
  if (!/^\d/.test(core)) return undefined;
  return semver.valid(core) ?? undefined;
}

/** Versions (tag names) highest first by semver precedence; ties (v1.0.0 and 1.0.0) by name. */
export function sortVersionsDesc<T extends { version: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => {
    const va = tagVersion(a.version);
    const vb = tagVersion(b.version);
    if (va && vb) {
      const c = semver.rcompare(va, vb);
      if (c !== 0) return c;
    } else if (va || vb) return va ? -1 : 1;
    return a.version < b.version ? -1 : a.version > b.version ? 1 : 0;
  });
}

export function highestVersion(versions: string[]): string | null {
  return sortVersionsDesc(versions.map((version) => ({ version })))[0]?.version ?? null;
}
