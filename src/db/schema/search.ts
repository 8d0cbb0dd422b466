import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The search module's vocabulary (decision 180): every distinct lower-case word of a component
 * name that holds a letter, as `hangar_name_words(name)` splits it. Typos are matched against these
 * few thousand short words instead of every name. Filled by a statement trigger on `components`
 * (migration 0011), so every write path keeps it; append-only, so writers never wait on each other.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
