// Named shapes of the generated schema, for components' props.
import type { operations } from './schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
export type OkBody<Op extends keyof operations> = Json<(operations[Op]['responses'] & { 200: unknown })[200]>;
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;

export type ComponentPage = OkBody<'listComponents'>;
export type Component = ComponentPage['data'][number];
export type ComponentListQuery = QueryOf<'listComponents'>;

/** A catalog entity as the entity page, its dialogs and the areas' entity tabs read it. */
export type CatalogEntity = OkBody<'getComponent'>;

export type TeamSummary = OkBody<'listTeams'>['data'][number];
export type Person = OkBody<'listCatalogPeople'>['data'][number];
/** An operation's JSON request body (never: the operation takes none). */
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
