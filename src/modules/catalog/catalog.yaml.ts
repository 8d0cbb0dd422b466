import { Lexer, parseAllDocuments } from 'yaml';
import { Invalid } from '../../kernel/errors.js';

export const MAX_DOCUMENTS = 500;
/** Real descriptors nest 4-5 levels; anything near this is an attack on the parser's recursion. */
export const MAX_DEPTH = 64;
const MAX_ALIASES = 100;

/** yaml tokens that are markers, not source text (zero width for column counting). */
const MARKERS = new Set(['\x02', '\x18', '\x1f']);

/**
 * Rejects over-deep nesting and too many documents BEFORE the real parse: the parser composes
 * nodes recursively, so 100k nested brackets would exhaust the stack (or memory). The lexer is
 * flat and this walk stops at the first token past a limit, so hostile input costs next to nothing.
 * Depth is an upper bound: flow brackets plus the columns of block nodes open on the current path.
 */
export function assertYamlShape(text: string, where = '', maxDocuments = MAX_DOCUMENTS): void {
  let flow = 0;
  // A document starts with "---" or may follow a "..." end marker without one.
  let starts = 0;
  let ends = 0;
  let column = 0;
  let skipScalar = false;
  const blockColumns: number[] = [];
  for (const token of new Lexer().lex(text)) {
    if (MARKERS.has(token)) {
      if (token === '\x1f') skipScalar = true;
      continue;
    }
    const start = column;
    const nl = token.lastIndexOf('\n');
    column = nl >= 0 ? token.length - nl - 1 : column + token.length;
    if (skipScalar) {
      // Scalar text is opaque (a block scalar may hold "[" or "- "), but it does start a node.
      skipScalar = false;
      if (flow === 0) openBlock(blockColumns, start);
      continue;
    }
    if (token === '---' || token === '...') {
      if (token === '---') starts++;
      else ends++;
      if (Math.max(starts, ends) + 1 > maxDocuments)
        throw new Invalid(`${where}yaml holds more than ${maxDocuments} documents`);
      blockColumns.length = 0;
      flow = 0;
    } else if (token === '[' || token === '{') flow++;
    else if (token === ']' || token === '}') flow = Math.max(0, flow - 1);
    else if (flow === 0 && (token === '-' || token === '?')) openBlock(blockColumns, start);
    if (flow + blockColumns.length > MAX_DEPTH)
      throw new Invalid(`${where}yaml is nested deeper than ${MAX_DEPTH} levels`);
  }
}

function openBlock(columns: number[], column: number) {
  while (columns.length && columns[columns.length - 1]! > column) columns.pop();
  if (columns[columns.length - 1] !== column) columns.push(column);
}

export function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? '').replace(/:$/, '').slice(0, 300);
}

/** One YAML document of a file: its 1-based index and its value, or why it could not be read. */
export type YamlDocument =
  { document: number; value: unknown; error?: undefined } | { document: number; value?: undefined; error: string };

/**
 * Every non-empty document of a multi-document YAML text. A whole-text problem (too deep, too many
 * documents, unparseable stream) throws `Invalid`; a problem of one document is returned with it,
 * so a caller may refuse the lot (register-yaml) or report and go on (locations).
 */
export function parseYamlDocuments(text: string, where = '', maxDocuments = MAX_DOCUMENTS): YamlDocument[] {
  assertYamlShape(text, where, maxDocuments);
  let documents: ReturnType<typeof parseAllDocuments>;
  try {
    // Duplicate keys are tolerated (the last wins); alias expansion is capped in toJS below.
    documents = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  } catch (err) {
    throw new Invalid(`${where}yaml could not be parsed: ${firstLine(err)}`);
  }
  if (!Array.isArray(documents)) documents = [];
  const out: YamlDocument[] = [];
  documents.forEach((doc, i) => {
    const document = i + 1;
    if (doc.errors.length) return out.push({ document, error: `invalid YAML: ${firstLine(doc.errors[0])}` });
    try {
      const value: unknown = doc.toJS({ maxAliasCount: MAX_ALIASES });
      // An empty document (a trailing "---", a file of comments) is no entity and no error.
      if (value !== null && value !== undefined) out.push({ document, value });
    } catch (err) {
      // Billion-laughs style alias expansion ends here, as does any other resolution failure.
      out.push({ document, error: `invalid YAML: ${firstLine(err)}` });
    }
    return undefined;
  });
  return out;
}
