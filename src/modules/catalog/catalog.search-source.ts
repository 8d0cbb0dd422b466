import { sql } from 'drizzle-orm';
import { catalogPeople, components } from '../../db/schema/index.js';
import type { SearchSource } from '../../kernel/search-source.js';

const componentColumns = {
  from: sql`${components}`,
  id: sql`${components.id}`,
  name: sql`${components.name}`,
  title: sql`${components.title}`,
  description: sql`${components.description}`,
  namespace: sql`${components.namespace}`,
  entityKind: sql`${components.entityKind}`,
  // The generated, GIN-indexed document: name and title (A), tags (B), description (C).
  document: sql`${components.search}`,
  // The GIN-indexed words of the name, fed into the search vocabulary by a trigger (decision 180).
  words: sql`hangar_name_words(${components.name})`,
};

/** What search reads of the catalog (decision 106): components, APIs (Backstage kind API) and people. */
export const catalogSearchSources = {
  component: { ...componentColumns, where: sql`${components.entityKind} <> 'API'` } satisfies SearchSource,
  api: { ...componentColumns, where: sql`${components.entityKind} = 'API'` } satisfies SearchSource,
  person: {
    from: sql`${catalogPeople}`,
    id: sql`${catalogPeople.id}`,
    name: sql`${catalogPeople.name}`,
    title: sql`${catalogPeople.displayName}`,
    description: sql`${catalogPeople.email}`,
    namespace: sql`${catalogPeople.namespace}`,
    entityKind: sql`'User'`,
    document: sql`to_tsvector('english', ${catalogPeople.name} || ' ' || coalesce(${catalogPeople.displayName}, '') || ' ' || coalesce(${catalogPeople.email}, ''))`,
  } satisfies SearchSource,
};
