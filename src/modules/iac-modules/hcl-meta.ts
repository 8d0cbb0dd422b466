import { parse } from '@cdktf/hcl2json';
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

export function variableMeta(name: string, raw: unknown): IacVariableMeta {
  const block = firstBlock(raw);
  const hasDefault = Object.prototype.hasOwnProperty.call(block, 'default');
  const validations = Array.isArray(block.validation) ? (block.validation as Block[]) : block.validation ? [block.validation as Block] : [];
  const v = validations[0];
  return {
    name,
    type: typeText(block.type),
    description: plainText(block.description),
    default: hasDefault ? expressionText(block.default) : null,
    required: !hasDefault,
    validation: v ? { condition: expressionText(v.condition) ?? '', errorMessage: plainText(v.error_message) ?? '' } : null,
  };
}

export function outputMeta(name: string, raw: unknown): IacOutputMeta {
  const block = firstBlock(raw);
  return { name, description: plainText(block.description), value: expressionText(block.value) };
}

export class HclParseError extends Error {}

/**
 * Variables and outputs of a set of `.tf` files (one module root), sorted by name. A name declared
 * twice keeps its first declaration (files in name order), as Terraform itself would refuse the module.
 */
export async function moduleMeta(files: { name: string; content: string }[]): Promise<{ variables: IacVariableMeta[]; outputs: IacOutputMeta[] }> {
  const variables = new Map<string, IacVariableMeta>();
  const outputs = new Map<string, IacOutputMeta>();
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    let json: Record<string, unknown>;
    try {
      json = (await parse(file.name, file.content)) as Record<string, unknown>;
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      throw new HclParseError(`${file.name}: ${text.replace(/\s+/g, ' ').trim().slice(0, 400)}`);
    }
    for (const [name, raw] of Object.entries((json.variable as Record<string, unknown>) ?? {})) {
      if (!variables.has(name)) variables.set(name, variableMeta(name, raw));
    }
    for (const [name, raw] of Object.entries((json.output as Record<string, unknown>) ?? {})) {
      if (!outputs.has(name)) outputs.set(name, outputMeta(name, raw));
    }
  }
  const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return { variables: [...variables.values()].sort(byName), outputs: [...outputs.values()].sort(byName) };
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
