import type { ChangeType, Level, RuleDef } from './model.js';

/**
 * The rule table: every entry the diff can produce has one of these ids, with a fixed level and
 * type. This file is the table only (decision 1202): the ids generated from it (bounds, schema
 * prefixes) are built in rule-set.ts. Ids are oasdiff's where its check matches
 * (https://www.oasdiff.com/docs/breaking-changes); `oasdiff: false` marks Hangar's own (decision 608's stricter required-parameter rule, AsyncAPI, whole
 * paths, webhooks and callbacks).
 */
const r = (level: Level, type: ChangeType, area: string, description: string, oasdiff = true): RuleDef => ({
  level,
  type,
  area,
  description,
  oasdiff,
});

export const FIXED_RULES: Record<string, RuleDef> = {
  // paths and operations (deprecation and x-sunset honoured)
  'api-path-added': r('info', 'added', 'paths', 'a path was added', false),
  'api-path-removed-without-deprecation': r(
    'error',
    'removed',
    'paths',
    'a path was removed while any of its operations was not deprecated',
  ),
  'api-path-removed-before-sunset': r(
    'error',
    'removed',
    'paths',
    'a deprecated path was removed before its x-sunset date',
  ),
  'api-path-removed-with-deprecation': r(
    'info',
    'removed',
    'paths',
    'a path whose operations were all deprecated (sunset passed or none) was removed',
  ),
  'endpoint-added': r('info', 'added', 'operations', 'an operation was added to an existing path'),
  'api-removed-without-deprecation': r(
    'error',
    'removed',
    'operations',
    'an operation was removed without being deprecated first',
  ),
  'api-removed-before-sunset': r(
    'error',
    'removed',
    'operations',
    'a deprecated operation was removed before its x-sunset date',
  ),
  'api-removed-with-deprecation': r(
    'info',
    'removed',
    'operations',
    'a deprecated operation (sunset passed or none) was removed',
  ),
  'endpoint-deprecated': r('info', 'modified', 'operations', 'an operation was marked deprecated'),
  'endpoint-reactivated': r('info', 'modified', 'operations', 'an operation is no longer deprecated'),
  'api-operation-id-removed': r(
    'warning',
    'modified',
    'operations',
    'the operationId changed or was removed (generated clients rename the method)',
  ),
  // parameters (identified by name + in; path parameters by position, so renames match)
  'new-required-request-parameter': r('error', 'added', 'parameters', 'a required parameter was added'),
  'new-optional-request-parameter': r('info', 'added', 'parameters', 'an optional parameter was added'),
  'required-request-parameter-removed': r(
    'error',
    'removed',
    'parameters',
    'a required parameter that was not deprecated was removed (decision 608; oasdiff: a warning)',
    false,
  ),
  'request-parameter-removed': r(
    'warning',
    'removed',
    'parameters',
    'an optional parameter that was not deprecated was removed',
  ),
  'request-parameter-removed-before-sunset': r(
    'error',
    'removed',
    'parameters',
    'a deprecated parameter was removed before its x-sunset date',
  ),
  'request-parameter-removed-with-deprecation': r(
    'info',
    'removed',
    'parameters',
    'a deprecated parameter (sunset passed or none) was removed',
  ),
  'request-parameter-became-required': r('error', 'modified', 'parameters', 'an optional parameter became required'),
  'request-parameter-became-optional': r('info', 'modified', 'parameters', 'a required parameter became optional'),
  'request-parameter-deprecated': r('info', 'modified', 'parameters', 'a parameter was marked deprecated'),
  // decision 806: a parameter's value is text on the wire
  'request-parameter-type-generalized': r(
    'info',
    'modified',
    'parameters',
    "a parameter's type widened: a string accepts any value sent as text, and a single value is a valid one-element array (form style, exploded)",
  ),
  // request bodies
  'request-body-added-required': r('error', 'added', 'request body', 'a required request body was added'),
  'request-body-added-optional': r('info', 'added', 'request body', 'an optional request body was added'),
  'request-body-removed': r(
    'error',
    'removed',
    'request body',
    'the request body was removed: clients that send one are refused or ignored (decision 305)',
    false,
  ),
  'request-body-became-required': r('error', 'modified', 'request body', 'the request body became required'),
  'request-body-became-optional': r('info', 'modified', 'request body', 'the request body became optional'),
  'request-body-media-type-removed': r(
    'error',
    'removed',
    'request body',
    'a request media type is no longer accepted',
  ),
  'request-body-media-type-added': r('info', 'added', 'request body', 'a request media type was added'),
  'new-required-request-property': r(
    'error',
    'added',
    'request body',
    'a required property was added to a request schema (readOnly properties excepted)',
  ),
  'new-optional-request-property': r(
    'info',
    'added',
    'request body',
    'an optional property was added to a request schema',
  ),
  'request-property-removed': r('warning', 'removed', 'request body', 'a property was removed from a request schema'),
  'request-property-became-required': r('error', 'modified', 'request body', 'a request property became required'),
  'request-property-became-optional': r('info', 'modified', 'request body', 'a request property became optional'),
  // responses
  'response-success-status-removed': r('error', 'removed', 'responses', 'a success (2xx) response status was removed'),
  'response-non-success-status-removed': r(
    'warning',
    'removed',
    'responses',
    'a non-success response status was removed',
  ),
  'response-success-status-added': r('info', 'added', 'responses', 'a success response status was added'),
  'response-non-success-status-added': r('info', 'added', 'responses', 'a non-success response status was added'),
  'response-media-type-removed': r('error', 'removed', 'responses', 'a response media type was removed'),
  'response-media-type-added': r('info', 'added', 'responses', 'a response media type was added'),
  // decision 804: a response media type renamed, its content compared as before
  'response-media-type-name-changed': r(
    'info',
    'modified',
    'responses',
    'the parameters of a response media type changed (application/json to application/json; charset=utf-8)',
  ),
  'response-media-type-name-specialized': r(
    'info',
    'modified',
    'responses',
    'a response media type became more specific (application/json to application/problem+json)',
  ),
  'response-media-type-name-generalized': r(
    'error',
    'modified',
    'responses',
    'a response media type became more general (application/problem+json to application/json): clients that expect the specific type get another',
  ),
  // decision 805: content without a schema accepts (or may hold) anything
  'request-body-media-type-schema-added': r(
    'error',
    'added',
    'request body',
    'a schema was given to request content that had none (any content was accepted)',
  ),
  'request-body-media-type-schema-removed': r(
    'info',
    'removed',
    'request body',
    'the schema of request content was removed (any content is accepted)',
  ),
  'response-body-media-type-schema-added': r(
    'info',
    'added',
    'responses',
    'a schema was given to response content that had none',
  ),
  'response-body-media-type-schema-removed': r(
    'warning',
    'removed',
    'responses',
    'the schema of response content was removed (it may hold anything)',
  ),
  'response-required-property-removed': r(
    'error',
    'removed',
    'responses',
    'a required property was removed from a response schema (writeOnly excepted)',
  ),
  'response-optional-property-removed': r(
    'warning',
    'removed',
    'responses',
    'an optional property was removed from a response schema',
  ),
  'response-property-became-optional': r(
    'error',
    'modified',
    'responses',
    'a required response property became optional',
  ),
  'response-property-became-required': r(
    'info',
    'modified',
    'responses',
    'an optional response property became required',
  ),
  'response-required-property-added': r(
    'info',
    'added',
    'responses',
    'a required property was added to a response schema',
  ),
  'response-optional-property-added': r(
    'info',
    'added',
    'responses',
    'an optional property was added to a response schema',
  ),
  'required-response-header-removed': r(
    'error',
    'removed',
    'response headers',
    'a required response header was removed',
  ),
  'optional-response-header-removed': r(
    'warning',
    'removed',
    'response headers',
    'an optional response header was removed',
  ),
  'response-header-became-optional': r(
    'error',
    'modified',
    'response headers',
    'a required response header became optional',
  ),
  'response-header-added': r('info', 'added', 'response headers', 'a response header was added'),
  // security (effective requirements per operation; a missing or empty list means anonymous access)
  'api-security-removed': r(
    'error',
    'removed',
    'security',
    'a security requirement alternative (or anonymous access) was removed',
  ),
  'api-security-removed-anonymous-allowed': r(
    'info',
    'removed',
    'security',
    'a security requirement alternative was removed while the operation now allows anonymous access',
    false,
  ),
  'api-security-added': r(
    'info',
    'added',
    'security',
    'a security requirement alternative was added (clients may keep using the old one)',
  ),
  'api-security-scope-added': r('error', 'modified', 'security', 'a scope was added to a security requirement'),
  'api-security-scope-removed': r('info', 'modified', 'security', 'a scope was removed from a security requirement'),
  'api-security-component-removed': r('info', 'removed', 'security', 'a security scheme was removed from components'),
  'api-security-component-type-changed': r('info', 'modified', 'security', 'the type of a security scheme changed'),
  // webhooks (OpenAPI 3.1) and callbacks: the API sends the request, so its body follows the response rules and the answer the request rules
  'webhook-added': r('info', 'added', 'webhooks', 'a webhook (or one of its operations) was added', false),
  'webhook-removed': r(
    'error',
    'removed',
    'webhooks',
    'a webhook (or one of its operations) was removed: subscribers stop receiving it',
    false,
  ),
  'callback-added': r('info', 'added', 'callbacks', 'a callback (or one of its operations) was added', false),
  'callback-removed': r('error', 'removed', 'callbacks', 'a callback (or one of its operations) was removed', false),
  // AsyncAPI: channels, operations, messages; payloads follow the request rules for messages clients send, the response rules for messages they receive
  'channel-added': r('info', 'added', 'asyncapi channels', 'a channel was added', false),
  'channel-removed': r('error', 'removed', 'asyncapi channels', 'a channel was removed', false),
  'channel-address-changed': r(
    'error',
    'modified',
    'asyncapi channels',
    'the address of a channel changed (AsyncAPI 3)',
    false,
  ),
  'asyncapi-operation-added': r('info', 'added', 'asyncapi operations', 'an operation was added', false),
  'asyncapi-operation-removed': r('error', 'removed', 'asyncapi operations', 'an operation was removed', false),
  'asyncapi-operation-action-changed': r(
    'error',
    'modified',
    'asyncapi operations',
    'an operation changed between send and receive (AsyncAPI 3)',
    false,
  ),
  'asyncapi-operation-channel-changed': r(
    'error',
    'modified',
    'asyncapi operations',
    'an operation moved to another channel (AsyncAPI 3)',
    false,
  ),
  'asyncapi-message-added': r(
    'info',
    'added',
    'asyncapi messages',
    'a message was added to an operation or channel',
    false,
  ),
  'asyncapi-message-removed': r(
    'error',
    'removed',
    'asyncapi messages',
    'a message was removed from an operation or channel',
    false,
  ),
};

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
