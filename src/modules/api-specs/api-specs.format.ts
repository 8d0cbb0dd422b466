import { parse } from 'yaml';

/** Pure parsing and format detection of uploaded specifications (no I/O). */
export type SpecFormat = 'openapi' | 'asyncapi';
export type SpecDocument = Record<string, unknown>;

export type ParseOutcome = { ok: true; doc: SpecDocument } | { ok: false; problem: string };
/** `unmarked`: the document declares no `openapi`/`swagger`/`asyncapi` version at all. */
export type DetectOutcome = { ok: true; format: SpecFormat } | { ok: false; problem: string; unmarked?: true };

/** Far beyond any real specification, far below what makes the recursive YAML composer slow. */
const MAX_FLOW_DEPTH = 256;
const MAX_LINE_PREFIX = 512;

/**
 * A linear pre-scan for pathological nesting: `[[[[…` or `- - - -…` of a megabyte keeps the
 * parser busy for seconds before it overflows its stack, so such input is refused up front.
 * Brackets inside quoted strings count too; a real spec never has hundreds unclosed.
 */
export function nestingProblem(text: string): string | undefined {
  let depth = 0;
  let prefix = 0;
  let atLineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      atLineStart = true;
      prefix = 0;
      continue;
    }
    if (atLineStart) {
      // spaces, tabs, '-' and '?': indentation plus block sequence or explicit-key indicators
      if (c === 32 || c === 9 || c === 45 || c === 63) {
        if (++prefix > MAX_LINE_PREFIX) return `spec nests too deeply (a line starts with more than ${MAX_LINE_PREFIX} indentation or indicator characters)`;
      } else atLineStart = false;
    }
    if (c === 91 || c === 123 /* [ { */) {
      if (++depth > MAX_FLOW_DEPTH) return `spec nests too deeply (more than ${MAX_FLOW_DEPTH} open brackets)`;
    } else if ((c === 93 || c === 125) /* ] } */ && depth > 0) depth--;
  }
  return undefined;
}

function parseText(text: string): unknown {
  // JSON is YAML, but the native JSON parser is far faster on the large specs tools export.
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // not strict JSON (YAML flow style, comments): the YAML parser decides
    }
  }
  // prettyErrors off: building the pretty context of an error in huge input is itself costly.
  return parse(text, { maxAliasCount: 100, prettyErrors: false });
}

/**
 * Parses YAML or JSON (JSON is YAML 1.2). Alias expansion is capped, so a "billion laughs" document
 * is refused instead of exhausting memory; deep nesting and several documents are refused too.
 */
export function parseSpec(text: string): ParseOutcome {
  const nesting = nestingProblem(text);
  if (nesting) return { ok: false, problem: nesting };
  let value: unknown;
  try {
    value = parseText(text);
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
    return { ok: false, problem: `spec is not valid YAML or JSON: ${first}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, problem: 'spec must be a YAML or JSON object (mapping)' };
  }
  return { ok: true, doc: value as SpecDocument };
}

// YAML reads `openapi: 3.1` (unquoted) as the number 3.1, so numbers are accepted and compared as text.
const versionText = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined);

/** `openapi: 3.x` or `swagger: "2.0"` is OpenAPI; `asyncapi: 2.x` or `3.x` is AsyncAPI; anything else is refused. */
export function detectFormat(doc: SpecDocument): DetectOutcome {
  const has = (key: string) => Object.hasOwn(doc, key);
  const isOpenApi = has('openapi') || has('swagger');
  if (isOpenApi && has('asyncapi')) return { ok: false, problem: 'spec declares both OpenAPI and AsyncAPI versions' };
  if (has('openapi')) {
    const v = versionText(doc.openapi);
    return v !== undefined && /^3(\.|$)/.test(v)
      ? { ok: true, format: 'openapi' }
      : { ok: false, problem: `unsupported OpenAPI version '${String(v ?? doc.openapi)}' (3.x expected)` };
  }
  if (has('swagger')) {
    const v = versionText(doc.swagger);
    return v !== undefined && /^2(\.0)?$/.test(v)
      ? { ok: true, format: 'openapi' }
      : { ok: false, problem: `unsupported Swagger version '${String(v ?? doc.swagger)}' (2.0 expected)` };
  }
  if (has('asyncapi')) {
    const v = versionText(doc.asyncapi);
    return v !== undefined && /^[23](\.|$)/.test(v)
      ? { ok: true, format: 'asyncapi' }
      : { ok: false, problem: `unsupported AsyncAPI version '${String(v ?? doc.asyncapi)}' (2.x or 3.x expected)` };
  }
  return { ok: false, unmarked: true, problem: 'spec is neither OpenAPI (openapi: 3.x, swagger: "2.0") nor AsyncAPI (asyncapi: 2.x/3.x)' };
}

/** Parses and detects in one step, checking a declared format against the content. */
export function analyseSpec(
  text: string,
  declared?: SpecFormat,
): { ok: true; doc: SpecDocument; format: SpecFormat } | { ok: false; problem: string; field: 'spec' | 'format' } {
  const parsed = parseSpec(text);
  if (!parsed.ok) return { ...parsed, field: 'spec' };
  let detected = detectFormat(parsed.doc);
  if (!detected.ok && detected.unmarked) {
    // No version key: a declared format is taken at its word; otherwise the shape decides
    // (AsyncAPI documents have `channels`, OpenAPI ones `paths`).
    const guess: SpecFormat | undefined =
      declared ?? (Object.hasOwn(parsed.doc, 'channels') ? 'asyncapi' : Object.hasOwn(parsed.doc, 'paths') ? 'openapi' : undefined);
    if (guess) detected = { ok: true, format: guess };
  }
  if (!detected.ok) return { ok: false, problem: detected.problem, field: 'spec' };
  if (declared && declared !== detected.format) {
    return { ok: false, field: 'format', problem: `format '${declared}' contradicts the content, which is ${detected.format}` };
  }
  return { ok: true, doc: parsed.doc, format: detected.format };
}
