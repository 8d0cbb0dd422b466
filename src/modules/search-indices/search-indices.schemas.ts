import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

export const SearchIndexLinkSchema = Type.Object(
  {
    id: Uuid,
    indexPattern: Type.String(),
    searchUrl: Nullable(Type.String()),
    description: Nullable(Type.String()),
    componentId: Uuid,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A component linked to an index name or pattern (ComponentSearchIndex)' },
);

export const IndexStatsSchema = Type.Object({
  pattern: Type.String(),
  index: Type.String({ description: 'matched index names, comma-separated' }),
  docsCount: Type.Number(),
  storeSize: Type.String({ description: 'human-readable, e.g. `1.2mb`' }),
  health: Type.String({ description: 'worst health of the matched indices (`unknown` when none matched)' }),
  status: Type.String(),
});

export const StatsEntrySchema = Type.Object({
  indexId: Uuid,
  indexPattern: Type.String(),
  searchUrl: Nullable(
    Type.String({
      description: "the link's own cluster URL; null when it uses SEARCH_URL (settings are never echoed)",
    }),
  ),
  reachable: Type.Boolean(),
  stats: Type.Optional(IndexStatsSchema),
});

export const OverviewItemSchema = Type.Object({
  componentId: Uuid,
  componentName: Type.String(),
  indices: Type.Array(StatsEntrySchema),
});

// Characters Elasticsearch refuses in index names (commas and `*` are allowed: multi-target patterns).
const PATTERN = '^[^\\s\\\\/?"<>|#]+$';
export const CreateLinkBody = Type.Object(
  {
    indexPattern: Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: PATTERN,
      description: 'index name or pattern (e.g. `logs-*`), at most 255 characters',
    }),
    searchUrl: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 2048,
          description: 'cluster URL (http or https); overrides SEARCH_URL',
        }),
      ),
    ),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  },
  { additionalProperties: false },
);
export type CreateLinkBody = Static<typeof CreateLinkBody>;

export const LinkParams = Type.Object({ id: Uuid, indexId: Uuid });
