import { sql } from 'drizzle-orm';
import { serviceTemplates } from '../../db/schema/index.js';
import type { SearchSource } from '../../kernel/search-source.js';

/** What search reads of templates (decision 106); every signed-in user may list them, so search may too. */
export const templatesSearchSource: SearchSource = {
  from: sql`${serviceTemplates}`,
  id: sql`${serviceTemplates.id}`,
  name: sql`${serviceTemplates.name}`,
  title: sql`NULL::text`,
  description: sql`${serviceTemplates.description}`,
  namespace: sql`NULL::text`,
  entityKind: sql`'Template'`,
  document: sql`to_tsvector('english', ${serviceTemplates.name} || ' ' || ${serviceTemplates.description} || ' ' || ${serviceTemplates.language} || ' ' || ${serviceTemplates.framework} || ' ' || array_to_string(${serviceTemplates.tags}, ' '))`,
};
