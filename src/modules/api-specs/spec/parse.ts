import { parse } from 'yaml';

/** Pure parsing and format detection of uploaded specifications (no I/O). */
export type SpecFormat = 'openapi' | 'asyncapi';
export type SpecDocument = Record<string, unknown>;

export type ParseOutcome = { ok: true; doc: SpecDocument } | { ok: false; problem: string };

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
        if (++prefix > MAX_LINE_PREFIX)
          return `spec nests too deeply (a line starts with more than ${MAX_LINE_PREFIX} indentation or indicator characters)`;
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
const versionText = (v: unknown): string | undefined =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : undefined;

export type Detected =
  { format: 'openapi'; major: '2.0' | '3.0' | '3.1'; version: string } | { format: 'asyncapi'; version: string };
export type DetectOutcome = ({ ok: true } & Detected) | { ok: false; problem: string; pointer: string };

/**
 * `openapi: 3.0.x/3.1.x` or `swagger: "2.0"` is OpenAPI; `asyncapi: 2.x/3.x` is AsyncAPI; anything
 * else is refused. A version YAML read as a number (`swagger: 2.0`, `openapi: 3.1`) is taken as
 * the string the author meant (`2.0`, `3.1.0`), and written back that way into the document.
 */
export function detectFormat(doc: SpecDocument): DetectOutcome {
  const has = (key: string) => Object.hasOwn(doc, key);
  const isOpenApi = has('openapi') || has('swagger');
  if (isOpenApi && has('asyncapi'))
    return { ok: false, pointer: '#', problem: 'spec declares both OpenAPI and AsyncAPI versions' };
  if (has('openapi')) {
    const v = versionText(doc.openapi);
    const m = v === undefined ? null : /^3\.([01])(\.|$)/.exec(v);
    if (!m)
      return {
        ok: false,
        pointer: '#/openapi',
        problem: `unsupported OpenAPI version '${String(v ?? doc.openapi)}' (3.0.x or 3.1.x expected)`,
      };
    if (typeof doc.openapi === 'number') doc.openapi = `${v}.0`;
    return { ok: true, format: 'openapi', major: m[1] === '0' ? '3.0' : '3.1', version: String(doc.openapi) };
  }
  if (has('swagger')) {
    const v = versionText(doc.swagger);
    if (v === undefined || !/^2(\.0)?$/.test(v))
      return {
        ok: false,
        pointer: '#/swagger',
        problem: `unsupported Swagger version '${String(v ?? doc.swagger)}' (2.0 expected)`,
      };
    doc.swagger = '2.0';
    return { ok: true, format: 'openapi', major: '2.0', version: '2.0' };
  }
  if (has('asyncapi')) {
    const v = versionText(doc.asyncapi);
    if (v === undefined || !/^[23](\.|$)/.test(v))
      return {
        ok: false,
        pointer: '#/asyncapi',
        problem: `unsupported AsyncAPI version '${String(v ?? doc.asyncapi)}' (2.x or 3.x expected)`,
      };
    if (typeof doc.asyncapi === 'number') doc.asyncapi = `${v}.0`;
    return { ok: true, format: 'asyncapi', version: String(doc.asyncapi) };
  }
  return {
    ok: false,
    pointer: '#',
    problem: 'spec is neither OpenAPI (openapi: 3.0.x/3.1.x, swagger: "2.0") nor AsyncAPI (asyncapi: 2.x/3.x)',
  };
}
