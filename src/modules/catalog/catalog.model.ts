/**
 * `@backstage/catalog-model` (validators, entity-reference parsing) is loaded on the first catalog
 * verb that needs it rather than at start: it costs about 28 MB and a second of start-up that an idle
 * server should not pay. Verbs that parse references or descriptors `await loadCatalogModel()` first;
 * the synchronous helpers behind them then use `catalogModel()`.
 */
type CatalogModel = typeof import('@backstage/catalog-model');

let model: CatalogModel | undefined;
let loading: Promise<CatalogModel> | undefined;

export async function loadCatalogModel(): Promise<CatalogModel> {
  if (model) return model;
  model = await (loading ??= import('@backstage/catalog-model'));
  return model;
}

export function catalogModel(): CatalogModel {
  if (!model) throw new Error('@backstage/catalog-model is used before loadCatalogModel() ran');
  return model;
}
