import { createHash } from 'node:crypto';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { detectFormat, parseSpec, type SpecDocument, type SpecFormat } from './parse.js';
import { normalizeSwagger2 } from './normalize.js';
import { checkRefs, type Problem } from './refs.js';
import { asyncapiSchemaVersion, validateStructure } from './validate.js';

/**
 * The registration pipeline of one specification (runs in a worker thread): parse YAML/JSON, detect
 * the format and version, validate against the official schema (its problems are kept, not
 * refused), prove every `$ref` resolvable, and normalise (Swagger 2 to the OpenAPI 3 shape). The answer carries the document as JSON text, the
 * form stored beside the raw content so that a diff never parses YAML again.
 */
export type AnalyseResult =
  | {
      ok: true;
      format: SpecFormat;
      specVersion: string;
      document: string;
      problems: Problem[];
      /** SHA-256 (hex) of the text as uploaded */
      sha256: string;
      /** the text as uploaded, gzip'd for storage (decision 309); its buffer moves to the main thread */
      specGzip: Uint8Array;
    }
  | { ok: false; field: 'spec' | 'format'; message: string; problems: Problem[] };

/** Problems named in a 400. */
const PROBLEMS_SHOWN = 10;
/** Structural problems kept with a registered spec (decision 307): enough to fix a document, bounded per row. */
export const PROBLEMS_STORED = 100;

const fail = (message: string, problems: Problem[], field: 'spec' | 'format' = 'spec') => ({
  ok: false as const,
  field,
  message,
  problems,
});

/** One line naming the first problems with their pointers. */
function summary(title: string, problems: Problem[]): string {
  const shown = problems.slice(0, 3).map((p) => `${p.pointer} ${p.message}`);
  const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
  return `${title}: ${shown.join('; ')}${more}`;
}

/** What refuses a spec, and the parts later steps need: the parsed document and its detected kind. */
export type ReadSpecResult =
  | { ok: true; format: SpecFormat; specVersion: string; doc: SpecDocument; schema: StructureSchema }
  | { ok: false; field: 'spec' | 'format'; message: string; problems: Problem[] };
type StructureSchema = Parameters<typeof validateStructure>[1];

/**
 * Steps 1, 2 and 4 of registration: parse, detect (and check a declared format), prove every `$ref`
 * resolvable. What passes can be diffed; the structural report (step 3) is `analyseSpec`'s. The
 * command line's offline diff reads specs through this too (decision 866).
 */
export function readSpec(text: string, declared?: SpecFormat): ReadSpecResult {
  const parsed = parseSpec(text);
  if (!parsed.ok) return fail(parsed.problem, [{ pointer: '#', message: parsed.problem }]);
  const doc = parsed.doc;
  const detected = detectFormat(doc);
  if (!detected.ok) return fail(detected.problem, [{ pointer: detected.pointer, message: detected.problem }]);
  if (declared && declared !== detected.format) {
    const problem = `format '${declared}' contradicts the content, which is ${detected.format}`;
    return fail(problem, [{ pointer: '#', message: problem }], 'format');
  }
  let schema: StructureSchema;
  if (detected.format === 'openapi') schema = { format: 'openapi', major: detected.major };
  else {
    const schemaVersion = asyncapiSchemaVersion(detected.version);
    if (!schemaVersion) {
      const problem = `unsupported AsyncAPI version '${detected.version}'`;
      return fail(problem, [{ pointer: '#/asyncapi', message: problem }]);
    }
    schema = { format: 'asyncapi', version: schemaVersion };
  }
  // Lenient registration, strict report (decision 307): structural problems against the official
  // schema are kept with the spec; only what cannot be diffed (unparseable, not OpenAPI/AsyncAPI,
  // references that do not resolve inside the document) is refused.
  const refProblems = checkRefs(doc, PROBLEMS_SHOWN);
  if (refProblems.length) return fail(summary(`spec has unresolvable references`, refProblems), refProblems);
  return { ok: true, format: detected.format, specVersion: detected.version, doc, schema };
}

/** The document the diff compares: Swagger 2.0 in the OpenAPI 3 shape, others as they are. */
export function diffableDocument(spec: Extract<ReadSpecResult, { ok: true }>): SpecDocument {
  return spec.schema.format === 'openapi' && spec.schema.major === '2.0' ? normalizeSwagger2(spec.doc) : spec.doc;
}

export function analyseSpec(text: string, declared?: SpecFormat): AnalyseResult {
  const spec = readSpec(text, declared);
  if (!spec.ok) return spec;
  const problems = validateStructure(spec.doc, spec.schema, PROBLEMS_STORED);
  return {
    ok: true,
    format: spec.format,
    specVersion: spec.specVersion,
    document: packDocument(diffableDocument(spec)),
    problems,
    sha256: createHash('sha256').update(text).digest('hex'),
    specGzip: gzipText(text),
  };
}

/**
 * The raw text gzip'd at the fastest level (decision 309): a 4 MB spec in a few milliseconds, still
 * several times smaller. Copied out of zlib's result so the buffer can be transferred (a Buffer may
 * share its memory with others).
 */
function gzipText(text: string): Uint8Array {
  const gz = gzipSync(text, { level: constants.Z_BEST_SPEED });
  const out = new Uint8Array(gz.byteLength);
  out.set(gz);
  return out;
}

/**
 * The stored document: gzip'd JSON in base64 (`gz:` prefix), a tenth of the raw size, so storing and
 * loading it for a diff moves little data through the database driver (PGlite runs on the main
 * thread). Plain JSON text is read too.
 */
export function packDocument(doc: unknown): string {
  return `gz:${gzipSync(JSON.stringify(doc), { level: 6 }).toString('base64')}`;
}

export function unpackDocument(stored: string): unknown {
  return JSON.parse(
    stored.startsWith('gz:') ? gunzipSync(Buffer.from(stored.slice(3), 'base64')).toString('utf8') : stored,
  );
}
