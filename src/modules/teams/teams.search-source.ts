import { sql } from 'drizzle-orm';
import { teams } from '../../db/schema/index.js';
import type { SearchSource } from '../../kernel/search-source.js';

/** What search reads of teams (decision 106); the table is small, its document is built per query. */
export const teamsSearchSource: SearchSource = {
  from: sql`${teams}`,
  id: sql`${teams.id}`,
  name: sql`${teams.name}`,
  title: sql`${teams.displayName}`,
  description: sql`${teams.description}`,
  namespace: sql`${teams.namespace}`,
  entityKind: sql`'Group'`,
  document: sql`to_tsvector('english', ${teams.name} || ' ' || coalesce(${teams.displayName}, '') || ' ' || coalesce(${teams.description}, ''))`,
};
