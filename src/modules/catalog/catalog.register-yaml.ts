import { Invalid } from '../../kernel/errors.js';
import { readEntity, type ReadOptions } from './catalog.entities.js';
import { EntityError } from './catalog.entity-types.js';
import type { FileError, Skip } from './catalog.files.js';
import type { Sourced } from './catalog.ingest.js';
import { parseYamlDocuments } from './catalog.yaml.js';

/**
 * Reads register-yaml's text: its entities, the documents skipped (with why) and the warnings. All or
 * nothing: a document that does not parse, is not an entity or declares a ref twice refuses the lot (400).
 */
export async function readYamlDocuments(yaml: string, lifecycles: ReadOptions['lifecycles']) {
  const documents = parseYamlDocuments(yaml);
  if (documents.length === 0) throw new Invalid('yaml holds no descriptor');
  const entities: Sourced[] = [];
  const skipped: Skip[] = [];
  const warnings: FileError[] = [];
  const declared = new Map<string, number>();
  for (const doc of documents) {
    if (doc.error !== undefined) throw new Invalid(`document ${doc.document}: ${doc.error}`);
    const parsed = await readDocument(doc.value, doc.document, lifecycles);
    if (parsed.entity === 'skipped') {
      skipped.push({ document: doc.document, kind: parsed.kind, name: parsed.name, reason: parsed.reason });
      continue;
    }
    if (parsed.entity === 'location') {
      skipped.push({
        document: doc.document,
        kind: 'Location',
        name: parsed.ref.slice(parsed.ref.indexOf('/') + 1),
        reason: 'Location targets are followed by POST /api/v1/catalog/locations',
      });
      continue;
    }
    const first = declared.get(parsed.ref);
    if (first) throw new Invalid(`document ${doc.document}: ${parsed.ref} is already declared by document ${first}`);
    declared.set(parsed.ref, doc.document);
    for (const w of parsed.warnings) warnings.push({ file: null, document: doc.document, message: w });
    entities.push({ ...parsed, file: null });
  }
  return { entities, skipped, warnings };
}

/** One document read as an entity; an entity error is the request's 400. */
async function readDocument(value: unknown, document: number, lifecycles: ReadOptions['lifecycles']) {
  try {
    return await readEntity(value, document, { lifecycles });
  } catch (err) {
    if (err instanceof EntityError) throw new Invalid(`document ${document}: ${err.message}`);
    throw err;
  }
}
