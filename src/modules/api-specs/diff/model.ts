import type { Obj, RefResolver } from '../spec/index.js';
/** Shapes of the diff: entries as the API answers them, and the emitter the rule checks write to. */
export type Level = 'error' | 'warning' | 'info';
export type ChangeType = 'added' | 'removed' | 'modified';

/** The operations (or channels, webhooks) a schema change reaches; `operations` lists the first REACHES_LISTED. */
export interface Reaches {
  count: number;
  operations: string[];
}

export interface DiffEntry {
  type: ChangeType;
  /** level === 'error' */
  breaking: boolean;
  /** a method plus path (`GET /pets/{id}`), a path, a channel, an AsyncAPI operation, or the schema that changed (`#/components/schemas/Pet`) */
  path: string;
  detail: string;
  /** stable kebab-case rule id (see rules.ts; oasdiff's id where one matches) */
  rule: string;
  level: Level;
  /** where in the operation or schema: `request.body application/json /properties/name`, `response schema /properties/id`, … */
  location: string;
  /** schema entries only: the operations the changed schema reaches */
  reaches?: Reaches;
}

export interface DiffSummary {
  error: number;
  warning: number;
  info: number;
  /** counts per rule, breaking rules first, then by count */
  rules: { rule: string; level: Level; count: number }[];
}

export interface SpecDiffResult {
  totalChanges: number;
  breakingChanges: number;
  summary: DiffSummary;
  entries: DiffEntry[];
}

export interface RuleDef {
  level: Level;
  type: ChangeType;
  /** what the rule looks at, for the rule table in the docs */
  area: string;
  description: string;
  /** true when the id is oasdiff's own (https://www.oasdiff.com/docs/breaking-changes) */
  oasdiff?: boolean;
}

/** The two documents of an OpenAPI diff, with their `$ref` resolvers. */
export interface OpenApiDocs {
  old: Obj;
  new: Obj;
  oldRefs: RefResolver;
  newRefs: RefResolver;
}
