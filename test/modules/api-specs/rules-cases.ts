/**
 * Base/revision pairs for the rule table. Each case names the rule it must produce (and, where it
 * mirrors one of oasdiff's checks, oasdiff's id is the same string). Documents are the stored form:
 * OpenAPI 3 (Swagger 2 arrives normalised) or AsyncAPI.
 */
type Obj = Record<string, unknown>;

export interface RuleCase {
  name: string;
  format: 'openapi' | 'asyncapi';
  base: Obj;
  revision: Obj;
  /** the rule that must appear (with its table level) */
  rule: string;
  /** diff time, for x-sunset cases */
  now?: number;
}

const ok = { '200': { description: 'ok' } };
export const oas = (paths: Obj, extra: Obj = {}): Obj => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths,
  ...extra,
});
const op = (o: Obj = {}) => ({ responses: ok, ...o });
const json = (schema: unknown) => ({ 'application/json': { schema } });
const withBody = (schema: unknown, required = true) =>
  oas({ '/a': { post: op({ requestBody: { required, content: json(schema) } }) } });
const withResponse = (schema: unknown) =>
  oas({ '/a': { get: { responses: { '200': { description: 'ok', content: json(schema) } } } } });
const withParam = (p: Obj) =>
  oas({ '/a': { get: op({ parameters: [{ name: 'p', in: 'query', schema: { type: 'string' }, ...p }] }) } });
const withHeader = (h: Obj) =>
  oas({ '/a': { get: { responses: { '200': { description: 'ok', headers: { 'X-A': h } } } } } });
const obj = (properties: Obj, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});

const c = (name: string, rule: string, base: Obj, revision: Obj, extra: Partial<RuleCase> = {}): RuleCase => ({
  name,
  format: 'openapi',
  rule,
  base,
  revision,
  ...extra,
});
const NOW = Date.parse('2026-06-01T00:00:00Z');
const past = '2026-01-01';
const future = '2027-01-01';

export const FIXED_CASES: RuleCase[] = [
  c('path added', 'api-path-added', oas({}), oas({ '/a': { get: op() } })),
  c('path removed', 'api-path-removed-without-deprecation', oas({ '/a': { get: op() } }), oas({})),
  c(
    'deprecated path removed before sunset',
    'api-path-removed-before-sunset',
    oas({ '/a': { get: op({ deprecated: true, 'x-sunset': future }) } }),
    oas({}),
    {
      now: NOW,
    },
  ),
  c(
    'deprecated path removed after sunset',
    'api-path-removed-with-deprecation',
    oas({ '/a': { get: op({ deprecated: true, 'x-sunset': past }) } }),
    oas({}),
    {
      now: NOW,
    },
  ),
  c(
    'deprecated path without sunset removed',
    'api-path-removed-with-deprecation',
    oas({ '/a': { get: op({ deprecated: true }) } }),
    oas({}),
  ),
  c('operation added', 'endpoint-added', oas({ '/a': { get: op() } }), oas({ '/a': { get: op(), post: op() } })),
  c(
    'operation removed',
    'api-removed-without-deprecation',
    oas({ '/a': { get: op(), post: op() } }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'deprecated operation removed before sunset',
    'api-removed-before-sunset',
    oas({ '/a': { get: op(), post: op({ deprecated: true, 'x-sunset': future }) } }),
    oas({ '/a': { get: op() } }),
    {
      now: NOW,
    },
  ),
  c(
    'deprecated operation removed after sunset',
    'api-removed-with-deprecation',
    oas({ '/a': { get: op(), post: op({ deprecated: true, 'x-sunset': past }) } }),
    oas({ '/a': { get: op() } }),
    {
      now: NOW,
    },
  ),
  c(
    'operation deprecated',
    'endpoint-deprecated',
    oas({ '/a': { get: op() } }),
    oas({ '/a': { get: op({ deprecated: true }) } }),
  ),
  c(
    'operation reactivated',
    'endpoint-reactivated',
    oas({ '/a': { get: op({ deprecated: true }) } }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'operationId changed',
    'api-operation-id-removed',
    oas({ '/a': { get: op({ operationId: 'listA' }) } }),
    oas({ '/a': { get: op({ operationId: 'getA' }) } }),
  ),
  c(
    'required parameter added',
    'new-required-request-parameter',
    oas({ '/a': { get: op() } }),
    withParam({ required: true }),
  ),
  c('optional parameter added', 'new-optional-request-parameter', oas({ '/a': { get: op() } }), withParam({})),
  c(
    'required parameter removed (decision 608)',
    'required-request-parameter-removed',
    withParam({ required: true }),
    oas({ '/a': { get: op() } }),
  ),
  c('optional parameter removed', 'request-parameter-removed', withParam({}), oas({ '/a': { get: op() } })),
  c(
    'deprecated parameter removed before sunset',
    'request-parameter-removed-before-sunset',
    withParam({ required: true, deprecated: true, 'x-sunset': future }),
    oas({ '/a': { get: op() } }),
    {
      now: NOW,
    },
  ),
  c(
    'deprecated parameter removed',
    'request-parameter-removed-with-deprecation',
    withParam({ required: true, deprecated: true }),
    oas({ '/a': { get: op() } }),
  ),
  c('parameter became required', 'request-parameter-became-required', withParam({}), withParam({ required: true })),
  c('parameter became optional', 'request-parameter-became-optional', withParam({ required: true }), withParam({})),
  c('parameter deprecated', 'request-parameter-deprecated', withParam({}), withParam({ deprecated: true })),
  c('required body added', 'request-body-added-required', oas({ '/a': { post: op() } }), withBody({ type: 'object' })),
  c(
    'optional body added',
    'request-body-added-optional',
    oas({ '/a': { post: op() } }),
    withBody({ type: 'object' }, false),
  ),
  c('body removed', 'request-body-removed', withBody({ type: 'object' }), oas({ '/a': { post: op() } })),
  c(
    'body became required',
    'request-body-became-required',
    withBody({ type: 'object' }, false),
    withBody({ type: 'object' }),
  ),
  c(
    'body became optional',
    'request-body-became-optional',
    withBody({ type: 'object' }),
    withBody({ type: 'object' }, false),
  ),
  c(
    'request media type removed',
    'request-body-media-type-removed',
    oas({ '/a': { post: op({ requestBody: { content: { ...json({}), 'application/xml': { schema: {} } } } }) } }),
    withBody({}, false),
  ),
  c(
    'request media type added',
    'request-body-media-type-added',
    withBody({}, false),
    oas({ '/a': { post: op({ requestBody: { content: { ...json({}), 'text/plain': {} } } }) } }),
  ),
  c(
    'required request property added',
    'new-required-request-property',
    withBody(obj({ a: {} })),
    withBody(obj({ a: {}, b: {} }, ['b'])),
  ),
  c(
    'optional request property added',
    'new-optional-request-property',
    withBody(obj({ a: {} })),
    withBody(obj({ a: {}, b: {} })),
  ),
  c('request property removed', 'request-property-removed', withBody(obj({ a: {}, b: {} })), withBody(obj({ a: {} }))),
  c(
    'request property became required',
    'request-property-became-required',
    withBody(obj({ a: {} })),
    withBody(obj({ a: {} }, ['a'])),
  ),
  c(
    'request property became optional',
    'request-property-became-optional',
    withBody(obj({ a: {} }, ['a'])),
    withBody(obj({ a: {} })),
  ),
  c(
    'success status removed',
    'response-success-status-removed',
    oas({ '/a': { get: { responses: { ...ok, '201': { description: 'x' } } } } }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'non-success status removed',
    'response-non-success-status-removed',
    oas({ '/a': { get: { responses: { ...ok, '404': { description: 'x' } } } } }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'success status added',
    'response-success-status-added',
    oas({ '/a': { get: op() } }),
    oas({ '/a': { get: { responses: { ...ok, '202': { description: 'x' } } } } }),
  ),
  c(
    'non-success status added',
    'response-non-success-status-added',
    oas({ '/a': { get: op() } }),
    oas({ '/a': { get: { responses: { ...ok, '409': { description: 'x' } } } } }),
  ),
  c('response media type removed', 'response-media-type-removed', withResponse({}), oas({ '/a': { get: op() } })),
  c('response media type added', 'response-media-type-added', oas({ '/a': { get: op() } }), withResponse({})),
  c(
    'required response property removed',
    'response-required-property-removed',
    withResponse(obj({ a: {}, b: {} }, ['b'])),
    withResponse(obj({ a: {} })),
  ),
  c(
    'optional response property removed',
    'response-optional-property-removed',
    withResponse(obj({ a: {}, b: {} })),
    withResponse(obj({ a: {} })),
  ),
  c(
    'response property became optional',
    'response-property-became-optional',
    withResponse(obj({ a: {} }, ['a'])),
    withResponse(obj({ a: {} })),
  ),
  c(
    'response property became required',
    'response-property-became-required',
    withResponse(obj({ a: {} })),
    withResponse(obj({ a: {} }, ['a'])),
  ),
  c(
    'required response property added',
    'response-required-property-added',
    withResponse(obj({ a: {} })),
    withResponse(obj({ a: {}, b: {} }, ['b'])),
  ),
  c(
    'optional response property added',
    'response-optional-property-added',
    withResponse(obj({ a: {} })),
    withResponse(obj({ a: {}, b: {} })),
  ),
  c(
    'required response header removed',
    'required-response-header-removed',
    withHeader({ required: true, schema: {} }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'optional response header removed',
    'optional-response-header-removed',
    withHeader({ schema: {} }),
    oas({ '/a': { get: op() } }),
  ),
  c(
    'response header became optional',
    'response-header-became-optional',
    withHeader({ required: true, schema: {} }),
    withHeader({ schema: {} }),
  ),
  c('response header added', 'response-header-added', oas({ '/a': { get: op() } }), withHeader({ schema: {} })),
  c(
    'security alternative removed',
    'api-security-removed',
    oas({ '/a': { get: op({ security: [{ k: [] }, { b: [] }] }) } }),
    oas({ '/a': { get: op({ security: [{ b: [] }] }) } }),
  ),
  c(
    'security added where there was none (anonymous access removed)',
    'api-security-removed',
    oas({ '/a': { get: op() } }),
    oas({ '/a': { get: op() } }, { security: [{ b: [] }] }),
  ),
  c(
    // Once reported as api-security-removed (error): no client is locked out when anyone may call.
    'security requirement dropped for anonymous access (security: [])',
    'api-security-removed-anonymous-allowed',
    oas({ '/a': { get: op({ security: [{ b: [] }] }) } }),
    oas({ '/a': { get: op({ security: [] }) } }),
  ),
  c(
    'security alternative added',
    'api-security-added',
    oas({ '/a': { get: op({ security: [{ b: [] }] }) } }),
    oas({ '/a': { get: op({ security: [{ b: [] }, { k: [] }] }) } }),
  ),
  c(
    'security scope added',
    'api-security-scope-added',
    oas({ '/a': { get: op({ security: [{ o: ['read'] }] }) } }),
    oas({ '/a': { get: op({ security: [{ o: ['read', 'write'] }] }) } }),
  ),
  c(
    'security scope removed',
    'api-security-scope-removed',
    oas({ '/a': { get: op({ security: [{ o: ['read', 'write'] }] }) } }),
    oas({ '/a': { get: op({ security: [{ o: ['read'] }] }) } }),
  ),
  c(
    'security scheme removed',
    'api-security-component-removed',
    oas({}, { components: { securitySchemes: { k: { type: 'apiKey', in: 'header', name: 'k' } } } }),
    oas({}),
  ),
  c(
    'security scheme type changed',
    'api-security-component-type-changed',
    oas({}, { components: { securitySchemes: { k: { type: 'apiKey', in: 'header', name: 'k' } } } }),
    oas({}, { components: { securitySchemes: { k: { type: 'http', scheme: 'bearer' } } } }),
  ),
  c(
    'webhook added',
    'webhook-added',
    oas({}, { openapi: '3.1.0', webhooks: {} }),
    oas({}, { openapi: '3.1.0', webhooks: { created: { post: op() } } }),
  ),
  c(
    'webhook removed',
    'webhook-removed',
    oas({}, { openapi: '3.1.0', webhooks: { created: { post: op() } } }),
    oas({}, { openapi: '3.1.0', webhooks: {} }),
  ),
  c(
    'webhook payload property removed (follows the response rules)',
    'response-required-property-removed',
    oas(
      {},
      {
        openapi: '3.1.0',
        webhooks: { created: { post: op({ requestBody: { content: json(obj({ id: {} }, ['id'])) } }) } },
      },
    ),
    oas({}, { openapi: '3.1.0', webhooks: { created: { post: op({ requestBody: { content: json(obj({})) } }) } } }),
  ),
  c(
    'callback added',
    'callback-added',
    oas({ '/a': { post: op() } }),
    oas({ '/a': { post: op({ callbacks: { done: { '{$request.body#/url}': { post: op() } } } }) } }),
  ),
  c(
    'callback removed',
    'callback-removed',
    oas({ '/a': { post: op({ callbacks: { done: { '{$request.body#/url}': { post: op() } } } }) } }),
    oas({ '/a': { post: op() } }),
  ),
  c(
    // Keywords of allOf parts other than properties/required were once dropped: the description-beside-a-$ref pattern hid every enum change.
    'enum value added to a response enum wrapped in allOf (description beside the $ref)',
    'response-property-enum-value-added',
    {
      ...withResponse(obj({ s: { allOf: [{ $ref: '#/components/schemas/S' }], description: 'status' } })),
      components: { schemas: { S: { type: 'string', enum: ['a'] } } },
    },
    {
      ...withResponse(obj({ s: { allOf: [{ $ref: '#/components/schemas/S' }], description: 'status' } })),
      components: { schemas: { S: { type: 'string', enum: ['a', 'b'] } } },
    },
  ),
  c(
    'OpenAPI 3.0 boolean exclusiveMaximum tightened (read as the 3.1 numeric bound)',
    'request-property-exclusive-max-decreased',
    withBody(obj({ n: { type: 'integer', maximum: 10, exclusiveMaximum: true } })),
    withBody(obj({ n: { type: 'integer', maximum: 5, exclusiveMaximum: true } })),
  ),
];

// AsyncAPI
const a2 = (channels: Obj): Obj => ({ asyncapi: '2.6.0', info: { title: 't', version: '1' }, channels });
const a3 = (channels: Obj, operations: Obj = {}): Obj => ({
  asyncapi: '3.0.0',
  info: { title: 't', version: '1' },
  channels,
  operations,
});
const msg = (payload: unknown) => ({ message: { name: 'm', payload } });
const ch3 = { address: 'orders', messages: { created: { payload: obj({ id: {} }, ['id']) } } };
const op3 = (action: string, extra: Obj = {}) => ({
  action,
  channel: { $ref: '#/channels/orders' },
  messages: [{ $ref: '#/channels/orders/messages/created' }],
  ...extra,
});
const ac = (name: string, rule: string, base: Obj, revision: Obj): RuleCase => ({
  name,
  format: 'asyncapi',
  rule,
  base,
  revision,
});

export const ASYNC_CASES: RuleCase[] = [
  ac('channel added', 'channel-added', a2({}), a2({ 'a/b': {} })),
  ac('channel removed', 'channel-removed', a2({ 'a/b': {} }), a2({})),
  ac(
    'channel address changed',
    'channel-address-changed',
    a3({ orders: ch3 }),
    a3({ orders: { ...ch3, address: 'orders.v2' } }),
  ),
  ac('operation added (2.x)', 'asyncapi-operation-added', a2({ 'a/b': {} }), a2({ 'a/b': { subscribe: msg({}) } })),
  ac('operation removed (2.x)', 'asyncapi-operation-removed', a2({ 'a/b': { publish: msg({}) } }), a2({ 'a/b': {} })),
  ac(
    'operation removed (3.x)',
    'asyncapi-operation-removed',
    a3({ orders: ch3 }, { onCreated: op3('send') }),
    a3({ orders: ch3 }),
  ),
  ac(
    'operation added (3.x)',
    'asyncapi-operation-added',
    a3({ orders: ch3 }),
    a3({ orders: ch3 }, { onCreated: op3('send') }),
  ),
  ac(
    'operation action changed',
    'asyncapi-operation-action-changed',
    a3({ orders: ch3 }, { o: op3('send') }),
    a3({ orders: ch3 }, { o: op3('receive') }),
  ),
  ac(
    'operation channel changed',
    'asyncapi-operation-channel-changed',
    a3({ orders: ch3, other: ch3 }, { o: op3('send') }),
    a3({ orders: ch3, other: ch3 }, { o: op3('send', { channel: { $ref: '#/channels/other' } }) }),
  ),
  ac(
    'message removed',
    'asyncapi-message-removed',
    a3({ orders: ch3 }),
    a3({ orders: { address: 'orders', messages: {} } }),
  ),
  ac(
    'message added',
    'asyncapi-message-added',
    a3({ orders: { address: 'orders', messages: {} } }),
    a3({ orders: ch3 }),
  ),
  ac(
    'received payload property removed (2.x subscribe)',
    'response-required-property-removed',
    a2({ c: { subscribe: msg(obj({ id: {} }, ['id'])) } }),
    a2({ c: { subscribe: msg(obj({})) } }),
  ),
  ac(
    'sent payload property became required (2.x publish)',
    'request-property-became-required',
    a2({ c: { publish: msg(obj({ id: {} })) } }),
    a2({ c: { publish: msg(obj({ id: {} }, ['id'])) } }),
  ),
  ac(
    'received enum value added (3.x send)',
    'response-property-enum-value-added',
    a3(
      { orders: { address: 'o', messages: { created: { payload: obj({ s: { enum: ['a'] } }) } } } },
      { o: op3('send') },
    ),
    a3(
      { orders: { address: 'o', messages: { created: { payload: obj({ s: { enum: ['a', 'b'] } }) } } } },
      { o: op3('send') },
    ),
  ),
];

/** One old/new schema pair per schema change; placed in every position (parameter, bodies, properties, headers). */
export const SCHEMA_PAIRS: Record<string, [Obj, Obj]> = {
  'type-changed': [{ type: 'string' }, { type: 'integer' }],
  'enum-value-removed': [
    { type: 'string', enum: ['a', 'b'] },
    { type: 'string', enum: ['a'] },
  ],
  'enum-value-added': [
    { type: 'string', enum: ['a'] },
    { type: 'string', enum: ['a', 'b'] },
  ],
  'became-enum': [{ type: 'string' }, { type: 'string', enum: ['a'] }],
  'enum-removed': [{ type: 'string', enum: ['a', 'b'] }, { type: 'string' }],
  'pattern-added': [{ type: 'string' }, { type: 'string', pattern: '^a' }],
  'pattern-changed': [
    { type: 'string', pattern: '^a' },
    { type: 'string', pattern: '^b' },
  ],
  'pattern-removed': [{ type: 'string', pattern: '^a' }, { type: 'string' }],
  'became-nullable': [{ type: 'string' }, { type: 'string', nullable: true }],
  'became-not-nullable': [{ type: 'string', nullable: true }, { type: 'string' }],
  'one-of-added': [{ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }, { type: 'integer' }] }],
  'one-of-removed': [{ oneOf: [{ type: 'string' }, { type: 'integer' }] }, { oneOf: [{ type: 'string' }] }],
  'any-of-added': [{ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
  'any-of-removed': [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'string' }] }],
  'wrapped-in-one-of': [
    { type: 'string' },
    {
      oneOf: [
        { type: 'string', maxLength: 5 },
        { type: 'string', pattern: '^a' },
      ],
    },
  ],
};
for (const [key, name] of Object.entries({
  maxLength: 'max-length',
  minLength: 'min-length',
  maximum: 'max',
  minimum: 'min',
  maxItems: 'max-items',
  minItems: 'min-items',
  // numeric (3.1) exclusive bounds, oasdiff's exclusive_min_max pair: once not compared at all
  exclusiveMaximum: 'exclusive-max',
  exclusiveMinimum: 'exclusive-min',
})) {
  const isMax = key.toLowerCase().includes('max');
  SCHEMA_PAIRS[`${name}-${isMax ? 'decreased' : 'increased'}`] = [{ [key]: isMax ? 10 : 1 }, { [key]: isMax ? 5 : 2 }];
  SCHEMA_PAIRS[`${name}-${isMax ? 'increased' : 'decreased'}`] = [{ [key]: isMax ? 5 : 2 }, { [key]: isMax ? 10 : 1 }];
  SCHEMA_PAIRS[`${name}-set`] = [{}, { [key]: 5 }];
  SCHEMA_PAIRS[`${name}-unset`] = [{ [key]: 5 }, {}];
}

/** A schema pair placed at one of the six positions whose prefix names the rule. */
export const PLACEMENTS: Record<string, (s: Obj) => Obj> = {
  'request-parameter': (s) => withParam({ schema: s }),
  'request-body': (s) => withBody(s),
  'request-property': (s) => withBody(obj({ p: s })),
  'response-body': (s) => withResponse(s),
  'response-property': (s) => withResponse(obj({ p: s })),
  'response-header': (s) => withHeader({ schema: s }),
};

export const SCHEMA_CASES: RuleCase[] = Object.entries(PLACEMENTS).flatMap(([prefix, place]) =>
  Object.entries(SCHEMA_PAIRS).map(([change, [a, b]]) =>
    c(`${prefix}: ${change}`, `${prefix}-${change}`, place(a), place(b)),
  ),
);

/** Changes that must produce no breaking entry at all (false-positive guards). */
export const NON_BREAKING: { name: string; format: 'openapi' | 'asyncapi'; base: Obj; revision: Obj }[] = [
  {
    name: 'path parameter renamed (/books/{bookId} -> /books/{id})',
    format: 'openapi',
    base: oas({
      '/books/{bookId}': {
        get: op({ parameters: [{ name: 'bookId', in: 'path', required: true, schema: { type: 'string' } }] }),
      },
    }),
    revision: oas({
      '/books/{id}': {
        get: op({ parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }),
      },
    }),
  },
  {
    name: 'description and summary edits',
    format: 'openapi',
    base: oas({ '/a': { get: op({ summary: 'x', description: 'y' }) } }),
    revision: oas({ '/a': { get: op({ summary: 'z', description: 'w' }) } }),
  },
  {
    name: 'schema moved behind a $ref',
    format: 'openapi',
    base: withBody(obj({ a: { type: 'string' } }, ['a'])),
    revision: {
      ...withBody({ $ref: '#/components/schemas/A' }),
      components: { schemas: { A: obj({ a: { type: 'string' } }, ['a']) } },
    },
  },
  {
    name: 'allOf composition of the same properties',
    format: 'openapi',
    base: withResponse(obj({ a: { type: 'string' }, b: { type: 'integer' } }, ['a'])),
    revision: withResponse({ allOf: [obj({ a: { type: 'string' } }, ['a']), obj({ b: { type: 'integer' } })] }),
  },
  {
    name: 'request enum value added',
    format: 'openapi',
    base: { ...withBody(obj({ s: { enum: ['a'] } })) },
    revision: withBody(obj({ s: { enum: ['a', 'b'] } })),
  },
  {
    name: 'readOnly property added as required to a request schema',
    format: 'openapi',
    base: withBody(obj({ a: {} })),
    revision: withBody(obj({ a: {}, id: { type: 'string', readOnly: true } }, ['id'])),
  },
  {
    name: 'header name case changed',
    format: 'openapi',
    base: withHeader({ required: true, schema: {} }),
    revision: oas({
      '/a': {
        get: { responses: { '200': { description: 'ok', headers: { 'x-a': { required: true, schema: {} } } } } },
      },
    }),
  },
  {
    name: 'integer widened to number in a request',
    format: 'openapi',
    base: withBody(obj({ n: { type: 'integer' } })),
    revision: withBody(obj({ n: { type: 'number' } })),
  },
  { name: 'optional parameter added', format: 'openapi', base: oas({ '/a': { get: op() } }), revision: withParam({}) },
  { name: 'AsyncAPI: channel added', format: 'asyncapi', base: a2({}), revision: a2({ x: {} }) },
  {
    name: 'OpenAPI 3.0 boolean exclusiveMaximum rewritten as the 3.1 numeric form',
    format: 'openapi',
    base: withBody(obj({ n: { type: 'integer', maximum: 10, exclusiveMaximum: true } })),
    revision: { ...withBody(obj({ n: { type: 'integer', exclusiveMaximum: 10 } })), openapi: '3.1.0' },
  },
  {
    // A writeOnly property is never returned: its schema changes were once compared anyway.
    name: 'enum dropped from a writeOnly response property',
    format: 'openapi',
    base: withResponse(obj({ s: { type: 'string', writeOnly: true, enum: ['a'] } })),
    revision: withResponse(obj({ s: { type: 'string', writeOnly: true } })),
  },
  {
    name: 'security dropped: the operation now allows anonymous access',
    format: 'openapi',
    base: oas({ '/a': { get: op({ security: [{ b: [] }] }) } }),
    revision: oas({ '/a': { get: op({ security: [] }) } }),
  },
  {
    // oneOf is a set: inline alternatives were once compared by position, so a reorder gave two type changes.
    name: 'inline oneOf alternatives reordered (request and response)',
    format: 'openapi',
    base: oas({
      '/a': {
        post: op({
          requestBody: { content: json({ oneOf: [{ type: 'string' }, { type: 'integer' }, obj({ a: {} })] }) },
        }),
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: json({ anyOf: [{ type: 'string', maxLength: 3 }, { type: 'boolean' }] }),
            },
          },
        },
      },
    }),
    revision: oas({
      '/a': {
        post: op({
          requestBody: { content: json({ oneOf: [obj({ a: {} }), { type: 'integer' }, { type: 'string' }] }) },
        }),
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: json({ anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 3 }] }),
            },
          },
        },
      },
    }),
  },
  {
    // A 3.x channel has no direction: the channel's own payloads were once judged as received, so this gave a breaking entry.
    name: 'AsyncAPI 3: minimum dropped from a payload clients send (receive operation)',
    format: 'asyncapi',
    base: a3(
      { orders: { address: 'o', messages: { created: { payload: obj({ n: { type: 'integer', minimum: 0 } }) } } } },
      { o: op3('receive') },
    ),
    revision: a3(
      { orders: { address: 'o', messages: { created: { payload: obj({ n: { type: 'integer' } }) } } } },
      { o: op3('receive') },
    ),
  },
];
