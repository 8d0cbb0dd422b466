import { Lexer, parseAllDocuments } from 'yaml';
import { Invalid } from '../../kernel/errors.js';
import { DEFAULT_LIFECYCLE, isKind, isLifecycle, LIFECYCLES, LIMITS, type ComponentKind, type Lifecycle } from './catalog.kinds.js';

/** A component as a descriptor declares it: the fields YAML registration sets (create or replace). */
export interface DescriptorComponent {
  name: string;
  kind: ComponentKind;
  owner: string | null;
  lifecycle: Lifecycle;
  description: string | null;
  tags: string[];
  annotations: Record<string, string>;
}

/** A parsed descriptor and where it came from (for 400s naming it, e.g. "document 2 (index 1)"). */
export type SourcedDescriptor = DescriptorComponent & { source: string };

export const MAX_DOCUMENTS = 500;
/** Real descriptors nest 4-5 levels; anything near this is an attack on the parser's recursion. */
export const MAX_DEPTH = 64;
const MAX_ALIASES = 100;
const DESCRIPTOR_KINDS = ['Component', 'API', 'Resource', 'System', 'Domain'];

const docLabel = (i: number) => `document ${i + 1} (index ${i})`;

/** yaml tokens that are markers, not source text (zero width for column counting). */
const MARKERS = new Set(['\x02', '\x18', '\x1f']);

/**
 * Rejects over-deep nesting and too many documents BEFORE the real parse: the parser composes
 * nodes recursively, so 100k nested brackets would exhaust the stack (or memory). The lexer is
 * flat and this walk stops at the first token past a limit, so hostile input costs next to nothing.
 * Depth is an upper bound: flow brackets plus the columns of block nodes open on the current path.
 */
export function assertYamlShape(text: string, where = ''): void {
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
      if (Math.max(starts, ends) + 1 > MAX_DOCUMENTS) throw new Invalid(`${where}yaml holds more than ${MAX_DOCUMENTS} documents`);
      blockColumns.length = 0;
      flow = 0;
    } else if (token === '[' || token === '{') flow++;
    else if (token === ']' || token === '}') flow = Math.max(0, flow - 1);
    else if (flow === 0 && (token === '-' || token === '?')) openBlock(blockColumns, start);
    if (flow + blockColumns.length > MAX_DEPTH) throw new Invalid(`${where}yaml is nested deeper than ${MAX_DEPTH} levels`);
  }
}

function openBlock(columns: number[], column: number) {
  while (columns.length && columns[columns.length - 1]! > column) columns.pop();
  if (columns[columns.length - 1] !== column) columns.push(column);
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Parses multi-document YAML into descriptors; every problem is a 400 naming the document. */
export function parseDescriptors(text: string, where = ''): SourcedDescriptor[] {
  assertYamlShape(text, where);
  let documents: ReturnType<typeof parseAllDocuments>;
  try {
    // Duplicate keys are tolerated (the last wins); alias expansion is capped in toJS below.
    documents = parseAllDocuments(text, { uniqueKeys: false, prettyErrors: false });
  } catch (err) {
    throw new Invalid(`${where}yaml could not be parsed: ${firstLine(err)}`);
  }
  if (!Array.isArray(documents)) documents = [];
  const out: SourcedDescriptor[] = [];
  documents.forEach((doc, i) => {
    const at = `${where}${docLabel(i)}: `;
    if (doc.errors.length) throw new Invalid(`${at}invalid YAML: ${firstLine(doc.errors[0])}`);
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIASES });
    } catch (err) {
      // Billion-laughs style alias expansion ends here, as does any other resolution failure.
      throw new Invalid(`${at}invalid YAML: ${firstLine(err)}`);
    }
    if (value === null || value === undefined) return; // an empty document (e.g. a trailing "---")
    out.push({ ...toComponent(value, at), source: `${where}${docLabel(i)}` });
  });
  if (out.length === 0) throw new Invalid(`${where}yaml holds no descriptor`);
  return out;
}

function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return (message.split('\n')[0] ?? '').replace(/:$/, '').slice(0, 300);
}

function optionalString(value: unknown, field: string, max: number, at: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new Invalid(`${at}${field} must be a string`);
  if (value.length > max) throw new Invalid(`${at}${field} must be at most ${max} characters`);
  return value;
}

/** Backstage owner refs may read `group:default/platform`: the team name is the last part. */
function ownerName(ref: string | null): string | null {
  if (ref === null) return null;
  const name = ref.replace(/^group:/i, '').replace(/^[^/]*\//, '');
  return name || null;
}

function toComponent(value: unknown, at: string): DescriptorComponent {
  if (!isMap(value)) throw new Invalid(`${at}a descriptor must be a mapping`);
  const { kind: descriptorKind, metadata, spec = {} } = value;
  if (value.apiVersion !== undefined && typeof value.apiVersion !== 'string') throw new Invalid(`${at}apiVersion must be a string`);
  // A descriptor without a kind is taken as a Component (spec.type may still name the kind).
  const kindText = descriptorKind === undefined || descriptorKind === null ? 'Component' : descriptorKind;
  const dKind = typeof kindText === 'string' ? DESCRIPTOR_KINDS.find((k) => k.toLowerCase() === kindText.toLowerCase()) : undefined;
  if (!dKind) throw new Invalid(`${at}kind must be one of ${DESCRIPTOR_KINDS.join(', ')}`);
  if (!isMap(metadata)) throw new Invalid(`${at}metadata.name is required`);
  if (spec !== null && !isMap(spec)) throw new Invalid(`${at}spec must be a mapping`);
  const s = spec ?? {};

  const name = metadata.name;
  if (name === undefined || name === null || name === '') throw new Invalid(`${at}metadata.name is required`);
  if (typeof name !== 'string') throw new Invalid(`${at}metadata.name must be a string`);
  if (name.length > LIMITS.name) throw new Invalid(`${at}metadata.name must be at most ${LIMITS.name} characters`);

  const type = optionalString(s.type, 'spec.type', 100, at)?.toLowerCase();
  const kind = (type && isKind(type) ? type : dKind.toLowerCase()) as ComponentKind;

  const lifecycleText = optionalString(s.lifecycle, 'spec.lifecycle', 100, at)?.toLowerCase();
  if (lifecycleText !== undefined && !isLifecycle(lifecycleText)) {
    throw new Invalid(`${at}spec.lifecycle must be one of: ${LIFECYCLES.join(', ')}`);
  }

  const tags = metadata.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) throw new Invalid(`${at}metadata.tags must be a list of strings`);
  if (tags.length > LIMITS.tags) throw new Invalid(`${at}metadata.tags may hold at most ${LIMITS.tags} tags`);
  if ((tags as string[]).some((t) => t.length === 0 || t.length > LIMITS.tag))
    throw new Invalid(`${at}each of metadata.tags must be 1-${LIMITS.tag} characters`);

  const annotations = metadata.annotations ?? {};
  if (!isMap(annotations)) throw new Invalid(`${at}metadata.annotations must be a map of strings`);
  const entries = Object.entries(annotations);
  if (entries.length > LIMITS.annotations) throw new Invalid(`${at}metadata.annotations may hold at most ${LIMITS.annotations} entries`);
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw new Invalid(`${at}metadata.annotations.${k.slice(0, 100)} must be a string`);
    if (k.length === 0 || k.length > LIMITS.annotationKey || v.length > LIMITS.annotationValue) {
      throw new Invalid(`${at}metadata.annotations entry "${k.slice(0, 100)}" is too long`);
    }
  }

  const owner = ownerName(optionalString(s.owner, 'spec.owner', 300, at));
  if (owner && owner.length > LIMITS.owner) throw new Invalid(`${at}spec.owner must be at most ${LIMITS.owner} characters`);

  return {
    name,
    kind,
    owner,
    lifecycle: lifecycleText ?? DEFAULT_LIFECYCLE,
    description: optionalString(metadata.description, 'metadata.description', LIMITS.description, at),
    tags: tags as string[],
    annotations: annotations as Record<string, string>,
  };
}
