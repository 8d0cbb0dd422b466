/** Shapes of the diff: entries as the API answers them, and the emitter the rule checks write to. */
export type Level = 'error' | 'warning' | 'info';
export type ChangeType = 'added' | 'removed' | 'modified';

export interface DiffEntry {
  type: ChangeType;
  /** level === 'error' */
  breaking: boolean;
  /** a path, a method plus path (`GET /pets/{id}`), a channel, or an AsyncAPI operation */
  path: string;
  detail: string;
  /** stable kebab-case rule id (see rules.ts; oasdiff's id where one matches) */
  rule: string;
  level: Level;
  /** where in the operation: `request.body application/json /properties/name`, `response 200 header X-Rate-Limit`, … */
  location: string;
}

export interface SpecDiffResult {
  totalChanges: number;
  breakingChanges: number;
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
