-- 0013_catalog_facet_counts: pre-aggregated facet counts of the catalog (decision 181). One row per
-- combination of the filtered columns a write statement changed, with how many components it
-- added (n > 0) or removed (n < 0); readers sum n. Append-only, so catalog writers never lock a
-- shared counter row (and cannot deadlock on one); the catalog.compact-facet-counts job folds them.
CREATE TABLE "catalog_facet_counts" (
	"kind" text NOT NULL,
	"entity_kind" text NOT NULL,
	"type" text,
	"owner_ref" text,
	"lifecycle" text,
	"system_ref" text,
	"namespace" text NOT NULL,
	"orphan" boolean NOT NULL,
	"team_id" uuid,
	"tags" text[] NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Statement-level (every write path: the JSON API, descriptors, bulk refreshes, seeds): an update
-- that leaves every filtered column alone adds nothing.
CREATE OR REPLACE FUNCTION hangar_catalog_facet_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO catalog_facet_counts (kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, n)
    SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, count(*)
    FROM new_rows GROUP BY kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO catalog_facet_counts (kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, n)
    SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, -count(*)
    FROM old_rows GROUP BY kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags;
  ELSE
    INSERT INTO catalog_facet_counts (kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, n)
    SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, sum(d)
    FROM (SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, 1 AS d FROM new_rows
          UNION ALL
          SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, -1 FROM old_rows) AS changed
    GROUP BY kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags HAVING sum(d) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER components_facet_counts_insert AFTER INSERT ON components REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hangar_catalog_facet_counts();
--> statement-breakpoint
CREATE TRIGGER components_facet_counts_update AFTER UPDATE ON components REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hangar_catalog_facet_counts();
--> statement-breakpoint
CREATE TRIGGER components_facet_counts_delete AFTER DELETE ON components REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hangar_catalog_facet_counts();
--> statement-breakpoint
INSERT INTO catalog_facet_counts (kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, n)
SELECT kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags, count(*)
FROM components GROUP BY kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags;
