import type { ChangeType, Level } from './model.js';

/** A schema-level change: its `[request, response]` levels, its type and what it says. */
export type SchemaChangeRule = { levels: [Level, Level]; type: ChangeType; description: string };

/**
 * Schema-level changes, found wherever a JSON Schema is compared (parameters, request and response
 * bodies, headers, AsyncAPI payloads). `[request, response]` levels: narrowing what a client may
 * send breaks requests; widening what a server may return breaks responses. The bounds' four changes
 * each are added from `BOUNDS` in rule-set.ts.
 */
export const SCHEMA_CHANGE_RULES: Record<string, SchemaChangeRule> = {
  'type-changed': { levels: ['error', 'error'], type: 'modified', description: 'the type or format changed' },
  'enum-value-removed': { levels: ['error', 'info'], type: 'removed', description: 'enum values were removed' },
  // Added response enum values are a warning, as oasdiff and Stripe's compatibility policy treat them (decision 305).
  'enum-value-added': { levels: ['info', 'warning'], type: 'added', description: 'enum values were added' },
  'became-enum': { levels: ['error', 'info'], type: 'modified', description: 'the value was restricted to an enum' },
  // oasdiff's enum_removed_entirely pair: the whole enum dropped widens the value (was reported as no change at all)
  'enum-removed': {
    levels: ['info', 'error'],
    type: 'modified',
    description: 'the enum restriction was removed (any value of the type)',
  },
  'pattern-added': { levels: ['error', 'info'], type: 'added', description: 'a pattern was added' },
  'pattern-changed': {
    levels: ['warning', 'warning'],
    type: 'modified',
    description: 'the pattern changed (a superset cannot be proven)',
  },
  'pattern-removed': { levels: ['info', 'warning'], type: 'removed', description: 'the pattern was removed' },
  'became-nullable': { levels: ['info', 'error'], type: 'modified', description: 'the value became nullable' },
  'became-not-nullable': {
    levels: ['error', 'info'],
    type: 'modified',
    description: 'the value is no longer nullable',
  },
  'one-of-added': { levels: ['info', 'error'], type: 'added', description: 'a oneOf alternative was added' },
  'one-of-removed': { levels: ['error', 'info'], type: 'removed', description: 'a oneOf alternative was removed' },
  'any-of-added': { levels: ['info', 'error'], type: 'added', description: 'an anyOf alternative was added' },
  'any-of-removed': { levels: ['error', 'info'], type: 'removed', description: 'an anyOf alternative was removed' },
  // oasdiff's one_of_wrapped pairs (decision 802): alternatives that may overlap refuse a value matching two of them
  'wrapped-in-one-of': {
    levels: ['error', 'error'],
    type: 'modified',
    description:
      'the value became one of several alternatives that may overlap (a value matching two is refused; clients receive new shapes)',
  },
};

/**
 * minLength/maxLength, minimum/maximum, minItems/maxItems and the numeric exclusiveMinimum/
 * exclusiveMaximum of OpenAPI 3.1 and AsyncAPI (oasdiff's `*-exclusive-max-*` ids; 3.0's boolean
 * flags are not bounds): tightening breaks requests, loosening breaks responses.
 */
export const BOUNDS = {
  maxLength: 'max-length',
  minLength: 'min-length',
  maximum: 'max',
  minimum: 'min',
  maxItems: 'max-items',
  minItems: 'min-items',
  exclusiveMaximum: 'exclusive-max',
  exclusiveMinimum: 'exclusive-min',
} as const;

/** Where a schema sits decides the id prefix: `request-property-enum-value-removed`, `response-body-type-changed`, … */
export const SCHEMA_PREFIXES: Record<string, { dir: 0 | 1; area: string }> = {
  'request-parameter': { dir: 0, area: 'parameters' },
  'request-body': { dir: 0, area: 'request body' },
  'request-property': { dir: 0, area: 'request body' },
  'response-body': { dir: 1, area: 'responses' },
  'response-property': { dir: 1, area: 'responses' },
  'response-header': { dir: 1, area: 'response headers' },
};
