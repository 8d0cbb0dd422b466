import { createRequire } from 'node:module';
import type { KindValidator } from '@backstage/catalog-model';

/**
 * `@backstage/catalog-model` (validators, entity-reference parsing) is loaded on the first catalog
 * verb that needs it rather than at start: it costs about 28 MB and a second of start-up that an idle
 * server should not pay. Verbs that parse references or descriptors `await loadCatalogModel()` first;
 * the synchronous helpers behind them then use `catalogModel()`.
 */
type CatalogModel = typeof import('@backstage/catalog-model');

let model: CatalogModel | undefined;
let loading: Promise<CatalogModel> | undefined;
let mcpValidator: KindValidator | undefined;

export async function loadCatalogModel(): Promise<CatalogModel> {
  if (model) return model;
  model = await (loading ??= import('@backstage/catalog-model'));
  return model;
}

export function catalogModel(): CatalogModel {
  if (!model) throw new Error('@backstage/catalog-model is used before loadCatalogModel() ran');
  return model;
}

/**
 * The `mcp-server` API validator (spec.remotes instead of spec.definition). It ships in the
 * package's `alpha` entry, whose ES module build imports `lodash/uniqBy` without an extension and
 * so fails to load on Node; its CommonJS build loads fine (decision 401).
 */
export function mcpServerApiValidator(): KindValidator {
  mcpValidator ??= (
    createRequire(import.meta.url)('@backstage/catalog-model/alpha') as { mcpServerApiEntityValidator: KindValidator }
  ).mcpServerApiEntityValidator;
  return mcpValidator;
}
