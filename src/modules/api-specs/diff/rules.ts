import type { ChangeType, Level, RuleDef } from './model.js';

/**
 * The rule table: every entry the diff can produce has one of these ids, with a fixed level and
 * type. The tables are data only (decision 1202), in three files: HTTP operations here, webhooks,
 * callbacks and AsyncAPI in event-rules.ts, schema-level changes in schema-rules.ts; the ids generated
 * from them (bounds, schema prefixes) are built in rule-set.ts. Ids are oasdiff's where its check matches
 * (https://www.oasdiff.com/docs/breaking-changes); `oasdiff: false` marks Hangar's own (decision 608's stricter required-parameter rule, AsyncAPI, whole
 * paths, webhooks and callbacks).
 */
export const r = (level: Level, type: ChangeType, area: string, description: string, oasdiff = true): RuleDef => ({
  level,
  type,
  area,
  description,
  oasdiff,
});

/** HTTP operations: paths, parameters, request bodies, responses, security. */
export const OPERATION_RULES: Record<string, RuleDef> = {
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
};
