import { Type, type Static } from 'typebox';
import { Nullable } from '../../kernel/schemas.js';

export const SEARCH_KINDS = ['component', 'api', 'team', 'person', 'template'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const MATCHES = ['exact', 'prefix', 'fulltext', 'fuzzy'] as const;
export type Match = (typeof MATCHES)[number];

export const MAX_TAKE = 50;
/** `total` counts matches up to this many; a group at the cap has at least that many. */
export const TOTAL_CAP = 1000;

export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'words to find; "quoted phrases" match as phrases; names match exactly, by prefix, by words and despite typos',
  }),
  kinds: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: `comma-separated subset of ${SEARCH_KINDS.join(', ')}; default all`,
    }),
  ),
  take: Type.Integer({ minimum: 1, maximum: MAX_TAKE, default: 5, description: 'results per kind' }),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchHit = Type.Object({
  kind: Type.Enum([...SEARCH_KINDS]),
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  title: Nullable(Type.String()),
  description: Nullable(Type.String({ description: 'the first 300 characters' })),
  namespace: Nullable(Type.String()),
  entityKind: Type.String({
    description: 'Backstage kind: Component, API, Resource, System, Domain, Group, User or Template',
  }),
  match: Type.Enum([...MATCHES], {
    description:
      'exact name, name prefix, full text (words, phrases) or fuzzy (trigram similarity: typos, partial words)',
  }),
  score: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'relevance; exact 1, prefix 0.75–0.95, full text 0.4–0.75, fuzzy below 0.4',
  }),
});
export type SearchHit = Static<typeof SearchHit>;

export const SearchResponse = Type.Object({
  query: Type.String(),
  groups: Type.Array(
    Type.Object({
      kind: Type.Enum([...SEARCH_KINDS]),
      total: Type.Integer({
        minimum: 0,
        maximum: TOTAL_CAP,
        description: `matches of this kind, counted up to ${TOTAL_CAP}`,
      }),
      items: Type.Array(SearchHit, { maxItems: MAX_TAKE }),
    }),
    { description: 'kinds with at least one match, the group holding the best match first' },
  ),
});
export type SearchResponse = Static<typeof SearchResponse>;
