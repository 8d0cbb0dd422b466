-- spec.remotes of an `mcp-server` API (Backstage's API type without a definition): decision 401.
ALTER TABLE "components" ADD COLUMN "remotes" jsonb;
