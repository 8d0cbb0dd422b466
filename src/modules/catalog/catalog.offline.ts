import { walkLocation, type FileError, type Skip } from './catalog.files.js';

/**
 * The server's reading of a repository's descriptors as a plain function, for the `hangar` command
 * line (decision 867): `walkLocation` is what `POST /api/v1/catalog/locations` runs on a clone, so
 * every verdict (Backstage's policies and kind validators, Hangar's lifecycles and limits,
 * placeholders resolved inside the repository, `kind: Location` targets, an entity declared twice)
 * is the server's. Only what needs the database (a name clash with another stored entity) is left.
 */
export interface CatalogValidation {
  files: string[];
  entities: { file: string; document: number; ref: string }[];
  skipped: Skip[];
  /**
   * The server's `errors`, each with its weight: `error` when the document (or file) was refused,
   * `warning` when its entity is still stored (an unresolved placeholder: the API without its spec).
   */
  problems: (FileError & { level: 'error' | 'warning' })[];
}

export async function validateCatalogFiles(
  root: string,
  files: string[],
  lifecycles: readonly string[],
): Promise<CatalogValidation> {
  const walk = await walkLocation(root, files, lifecycles);
  const entities = walk.entities.map((e) => ({ file: e.file ?? '', document: e.document, ref: e.ref }));
  const kept = new Set(entities.map((e) => `${e.document}:${e.file}`));
  return {
    files: walk.files,
    entities,
    skipped: walk.skipped,
    problems: walk.errors.map((e) => ({
      ...e,
      level: e.document !== null && kept.has(`${e.document}:${e.file}`) ? 'warning' : 'error',
    })),
  };
}
