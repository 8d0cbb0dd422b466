import type { SQL } from 'drizzle-orm';

/**
 * A read model the search module may query (decision 106): the owning module says which table
 * and which of its columns search reads, as SQL fragments; search never names another module's
 * table itself. `name` must carry the 0008 indexes (`lower(name)` btree text_pattern_ops and GIN
 * trigram); `document` is the text-search vector (an indexed column where the table is large).
 */
export interface SearchSource {
  /** The table (or join) to read from, for `FROM`. */
  from: SQL;
  id: SQL;
  name: SQL;
  title: SQL;
  description: SQL;
  namespace: SQL;
  /** The Backstage kind of the row (`Component`, `API`, `Group`, `User`, `Template`). */
  entityKind: SQL;
  document: SQL;
  /** Rows of this source (e.g. only APIs); none: every row. */
  where?: SQL;
  /**
   * `hangar_name_words(name)` where it carries a GIN index and the table feeds the `search_words`
   * vocabulary (decision 180): the fuzzy tier then matches typos against that vocabulary and reads
   * the names holding the matched words from this index. None: the fuzzy tier rechecks name
   * trigrams (fine for tables of thousands of rows).
   */
  words?: SQL;
}
