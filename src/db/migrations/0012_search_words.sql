-- 0012_search_words: the vocabulary of component-name words for the fuzzy search tier (decision 180).
-- A typo is matched by trigrams against the distinct words (a few thousand short rows) instead of
-- every name (where `paymnets` rechecked 10,000 `payments-*` names), then the names holding the
-- matched words are read from a GIN index over the words of each name.
-- The words of a name: lower case, split at anything but letters and digits, only those holding a
-- letter (a typo in a serial number is another serial number, not a match), each once.
CREATE OR REPLACE FUNCTION hangar_name_words(name text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}') FROM regexp_split_to_table(lower(name), '[^[:alnum:]]+') AS w WHERE w ~ '[[:alpha:]]' $$;
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "components_name_words_idx" ON "components" USING gin (hangar_name_words("name"));
--> statement-breakpoint
-- One statement-level trigger per write statement (every write path: the JSON API, descriptors,
-- bulk refreshes, seeds): the new words of the written names, in one insert. Append-only: a word
-- whose names are gone stays (its lookup finds no name), so writers never lock a shared counter row.
CREATE OR REPLACE FUNCTION hangar_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows AS n CROSS JOIN LATERAL unnest(hangar_name_words(n.name)) AS w
    WHERE NOT EXISTS (SELECT 1 FROM old_rows AS o WHERE o.id = n.id AND o.name = n.name)
      AND NOT EXISTS (SELECT 1 FROM search_words AS s WHERE s.word = w)
    ORDER BY 1 ON CONFLICT (word) DO NOTHING;
  ELSE
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_rows AS n CROSS JOIN LATERAL unnest(hangar_name_words(n.name)) AS w
    WHERE NOT EXISTS (SELECT 1 FROM search_words AS s WHERE s.word = w)
    ORDER BY 1 ON CONFLICT (word) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER components_search_words_insert AFTER INSERT ON components REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hangar_search_words_add();
--> statement-breakpoint
CREATE TRIGGER components_search_words_update AFTER UPDATE ON components REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hangar_search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word) SELECT DISTINCT w FROM components CROSS JOIN LATERAL unnest(hangar_name_words(name)) AS w ON CONFLICT (word) DO NOTHING;
