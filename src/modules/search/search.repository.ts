import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { searchWords } from '../../db/schema/index.js';
import type { SearchSource } from '../../kernel/search-source.js';
import { TOTAL_CAP, type Match } from './search.schemas.js';

/** Rows a full-text or fuzzy tier ranks at most: a common word must not rank the whole table. */
const RANKED_CANDIDATES = 1000;
/** Trigrams say little about one or two characters: shorter terms match by prefix and words only. */
const MIN_FUZZY_LENGTH = 3;

/** Whether the text is long enough for the fuzzy tier. */
export const fuzzyApplies = (terms: SearchTerms) => terms.name.length >= MIN_FUZZY_LENGTH;

export interface SearchTerms {
  /** The user's text as typed (for websearch_to_tsquery: quotes, `or`, `-word`). */
  raw: string;
  /** Lower-cased, quotes dropped, spaces collapsed: what names are compared with. */
  name: string;
}

export interface Row {
  id: string;
  name: string;
  title: string | null;
  description: string | null;
  namespace: string | null;
  entityKind: string;
  score: number;
  /** Full-text and fuzzy tiers: the candidates ranked (at most RANKED_CANDIDATES). */
  pool?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** pg_trgm's word-similarity cut for the fuzzy tier (its default, 0.6, misses transposed letters: "paymnets"). */
export const WORD_SIMILARITY_THRESHOLD = 0.4;
/** pg_trgm's similarity cut (its default, what `%` uses), written out where a name is rechecked by function. */
const SIMILARITY_THRESHOLD = 0.3;
/** Vocabulary words a term word may stand for: the most similar first. */
const WORDS_PER_TERM_WORD = 50;
/** Words of a query matched against the vocabulary; the rest of a long query still counts in the recheck. */
const MAX_TERM_WORDS = 8;

/**
 * The words of the search text as `hangar_name_words` splits names (migration 0011): split at
 * anything but letters and digits, only those holding a letter, each once.
 */
export function termWords(name: string): string[] {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => /\p{L}/u.test(w));
  return [...new Set(words)].slice(0, MAX_TERM_WORDS);
}

/**
 * The four tiers of decision 106 over one source, each an indexed query: the exact name and the
 * name prefix read the `lower(name) COLLATE "C"` btree in order, words the text-search document,
 * typos and partial words the trigram GIN index (`%` similarity, `<%` word similarity). Each tier
 * leaves out what an earlier one matched.
 *
 * A source with `words` (the catalog's 250,000 components) finds typos through the vocabulary
 * instead (decision 180): `vocabulary` holds, per word of the text, the vocabulary words it may
 * stand for; a candidate name holds one of them for every word that has any (the names' words GIN
 * index), and is then held to the same similarity rule as a name elsewhere, so the ranking is the
 * same. Without any vocabulary match there is no fuzzy tier for such a source.
 */
export function searchQueries(s: SearchSource, terms: SearchTerms, vocabulary: string[][] = []) {
  // Byte order: `=` and `LIKE 'x%'` are btree ranges, and the prefix tier reads the index in order.
  const lname = sql`(lower(${s.name}) COLLATE "C")`;
  const trigrams = sql`lower(${s.name})`;
  const like = escapeLike(terms.name) + '%';
  const tsquery = sql`websearch_to_tsquery('english', ${terms.raw})`;
  const scope = s.where ? sql` AND ${s.where}` : sql``;
  const matched = vocabulary.filter((words) => words.length > 0);
  const fuzzy = fuzzyApplies(terms) && (!s.words || matched.length > 0);
  const fuzzyMatch = s.words
    ? sql`${sql.join(
        matched.map(
          (words) =>
            sql`${s.words} && ARRAY[${sql.join(
              words.map((w) => sql`${w}`),
              sql`, `,
            )}]::text[]`,
        ),
        sql` AND `,
      )} AND (similarity(${trigrams}, ${terms.name}) >= ${SIMILARITY_THRESHOLD} OR word_similarity(${terms.name}, ${trigrams}) >= ${WORD_SIMILARITY_THRESHOLD})`
    : sql`(${trigrams} % ${terms.name} OR ${terms.name} <% ${trigrams})`;
  const columns = (score: SQL) =>
    sql`${s.id} AS id, ${s.name} AS name, ${s.title} AS title, left(${s.description}, 300) AS description, ${s.namespace} AS namespace, ${s.entityKind} AS "entityKind", (${score})::float8 AS score`;
  // `pool`: how many candidates were ranked (the window runs before the LIMIT), so a tier that fills
  // the group last also says how many it matched, up to the cap, and the total needs no query.
  const ranked = (where: SQL, score: SQL, take: number) =>
    sql`SELECT *, count(*) OVER () AS pool FROM (SELECT ${columns(score)} FROM ${s.from} WHERE ${where}${scope} LIMIT ${RANKED_CANDIDATES}) AS candidates ORDER BY score DESC, name, id LIMIT ${take}`;

  const tiers: Record<Match, ((take: number) => SQL) | undefined> = {
    exact: (take) =>
      sql`SELECT ${columns(sql`1`)} FROM ${s.from} WHERE ${lname} = ${terms.name}${scope} ORDER BY ${s.name}, ${s.id} LIMIT ${take}`,
    // Alphabetical in byte order (a name that is a prefix of another comes first); the score prefers short names.
    prefix: (take) =>
      sql`SELECT ${columns(sql`0.75 + 0.2 * ${terms.name.length}::float8 / greatest(length(${s.name}), 1)`)} FROM ${s.from}
          WHERE ${lname} LIKE ${like} AND ${lname} <> ${terms.name}${scope} ORDER BY ${lname}, ${s.id} LIMIT ${take}`,
    fulltext: (take) =>
      ranked(
        sql`${s.document} @@ ${tsquery} AND ${lname} NOT LIKE ${like}`,
        sql`0.4 + 0.35 * least(1, ts_rank(${s.document}, ${tsquery}))`,
        take,
      ),
    fuzzy: fuzzy
      ? (take) =>
          ranked(
            sql`${fuzzyMatch} AND NOT (${s.document} @@ ${tsquery}) AND ${lname} NOT LIKE ${like}`,
            sql`0.4 * greatest(similarity(${trigrams}, ${terms.name}), word_similarity(${terms.name}, ${trigrams}))`,
            take,
          )
      : undefined,
  };
  // Each branch is one index and stops at the cap; UNION drops rows two branches share.
  const branch = (where: SQL) => sql`(SELECT ${s.id} FROM ${s.from} WHERE ${where}${scope} LIMIT ${TOTAL_CAP})`;
  const branches = [
    branch(sql`${lname} LIKE ${like}`),
    branch(sql`${s.document} @@ ${tsquery}`),
    ...(fuzzy ? [branch(fuzzyMatch)] : []),
  ];
  const total = sql`SELECT least(count(*), ${TOTAL_CAP})::int AS n FROM (${sql.join(branches, sql` UNION `)}) AS matches`;
  return { tiers, total };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const searchRepository = {
  async rows(db: Executor, query: SQL): Promise<Row[]> {
    return rowsOf<Row>(await db.execute(query)).map((r) => ({
      ...r,
      score: Number(r.score),
      ...(r.pool === undefined ? {} : { pool: Number(r.pool) }),
    }));
  },
  /** The fuzzy tier: pg_trgm's threshold is a setting, changed for this one transaction only. */
  async fuzzyRows(db: Database, query: SQL): Promise<Row[]> {
    return db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
      );
      return searchRepository.rows(tx, query);
    });
  },
  /**
   * Per word of the search text, the vocabulary words it may stand for (decision 180): trigram
   * similarity or word similarity (a partial word) through the vocabulary's GIN index.
   */
  async vocabulary(db: Database, words: string[]): Promise<string[][]> {
    if (words.length === 0) return [];
    const perWord = words.map(
      (w, i) =>
        sql`SELECT ${i}::int AS i, ARRAY(SELECT ${searchWords.word} FROM ${searchWords} WHERE ${searchWords.word} % ${w} OR ${w} <% ${searchWords.word}
              ORDER BY similarity(${searchWords.word}, ${w}) DESC, ${searchWords.word} LIMIT ${WORDS_PER_TERM_WORD}) AS words`,
    );
    const rows = await db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
      );
      return rowsOf<{ i: number; words: string[] }>(await tx.execute(sql.join(perWord, sql` UNION ALL `)));
    });
    return words.map((_, i) => rows.find((r) => Number(r.i) === i)?.words ?? []);
  },
  async count(db: Executor, query: SQL): Promise<number> {
    return Number(rowsOf<{ n: number }>(await db.execute(query))[0]?.n ?? 0);
  },
};
