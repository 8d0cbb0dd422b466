/**
 * OpenAPI documents shaped like Stripe's public spec (openapi/spec3.json): every resource is a
 * component schema with expandable fields (`anyOf: [string id, $ref resource, $ref deleted_resource]`),
 * references that close cycles through the whole graph, list objects, form-encoded request bodies
 * and long descriptions. `revision` 0 is the "2021-06" shape, 1 the "2022-04" shape: operations
 * added and removed, properties added, a type changed, enum values added to responses, a response
 * `$ref X` widened to `anyOf [X, deleted_X]`, an expandable alternative renamed with the same
 * content, path parameters declared that were undeclared, a string narrowed to an enum while its
 * maxLength goes. Deterministic: the same arguments give the same bytes.
 */
type Obj = Record<string, unknown>;

const TEXT =
  'This object represents a resource of the platform. Use it to create, retrieve, update and list the resource, and to expand the related objects it refers to. ';
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const expandable = (target: string, deleted: boolean, renamed = false) => ({
  anyOf: [
    { maxLength: 5000, type: 'string' },
    ref(target),
    ...(deleted ? [ref(renamed ? `${target}_deleted` : `deleted_${target}`)] : []),
  ],
  description: `The ${target} this object belongs to. ${TEXT}`,
  'x-expansionResources': { oneOf: [ref(target)] },
});

/** How many resources give a document of about `bytes` (each resource is ~8 kB). */
export const stripeResources = (bytes: number) => Math.max(4, Math.round(bytes / 8_250));

export function stripeShaped(resources: number, revision: 0 | 1 = 0): Obj {
  const schemas: Obj = {};
  const paths: Obj = {};
  const count = revision ? resources + Math.ceil(resources / 20) : resources;
  const name = (i: number) => `resource_${i}`;
  for (let i = 0; i < count; i++) {
    const r = name(i);
    const next = name((i + 1) % resources);
    const hasDeleted = i % 3 === 0;
    const properties: Obj = {
      id: { description: `Unique identifier for the object. ${TEXT}`, maxLength: 5000, type: 'string' },
      object: { description: "String representing the object's type.", enum: [r], type: 'string' },
      created: { description: `Time at which the object was created. ${TEXT}`, format: 'unix-time', type: 'integer' },
      livemode: { description: 'Has the value true if the object exists in live mode.', type: 'boolean' },
      metadata: {
        additionalProperties: { maxLength: 500, type: 'string' },
        description: `Set of key-value pairs. ${TEXT}`,
        type: 'object',
      },
      status: { description: `The status of the object. ${TEXT}`, enum: ['active', 'inactive'], type: 'string' },
      currency: { description: `Three-letter ISO currency code. ${TEXT}`, maxLength: 5000, type: 'string' },
      amount: { description: `Amount in the smallest currency unit. ${TEXT}`, type: 'integer' },
      address: {
        description: `The address of the object. ${TEXT}`,
        nullable: true,
        properties: Object.fromEntries(
          ['city', 'country', 'line1', 'line2', 'postal_code', 'state'].map((k) => [
            k,
            { maxLength: 5000, nullable: true, type: 'string' },
          ]),
        ),
        type: 'object',
      },
      // expandable, and a cycle through the whole graph
      parent: expandable(next, ((i + 1) % resources) % 3 === 0),
      owner: expandable(name((i * 7 + 3) % resources), ((i * 7 + 3) % resources) % 3 === 0),
      children: {
        description: `The related objects. ${TEXT}`,
        properties: {
          data: { items: ref(name((i + 2) % resources)), type: 'array' },
          has_more: { type: 'boolean' },
          object: { enum: ['list'], type: 'string' },
          url: { maxLength: 5000, type: 'string' },
        },
        required: ['data', 'has_more', 'object', 'url'],
        type: 'object',
      },
    };
    if (revision) {
      if (i % 25 === 1)
        properties.nickname = {
          description: `A new optional field. ${TEXT}`,
          maxLength: 5000,
          nullable: true,
          type: 'string',
        };
      if (i % 40 === 2)
        properties.amount = { description: 'Amount as a decimal string.', format: 'decimal', type: 'string' };
      if (i % 30 === 3)
        properties.status = {
          description: 'The status of the object.',
          enum: ['active', 'inactive', 'paused'],
          type: 'string',
        };
      // false alarm 3: narrowed to an enum, its maxLength dropped
      if (i % 30 === 4) properties.currency = { description: 'Currency.', enum: ['eur', 'usd'], type: 'string' };
      // false alarm 4: an expandable alternative renamed to a schema with the same content
      if (i % 50 === 5 && ((i + 1) % resources) % 3 === 0) properties.parent = expandable(next, true, true);
    }
    schemas[r] = {
      description: `${TEXT}${TEXT}`,
      properties,
      required: ['id', 'object', 'created', 'livemode'],
      title: `Resource${i}`,
      type: 'object',
      'x-expandableFields': ['parent', 'owner'],
      'x-resourceId': r,
    };
    if (hasDeleted) {
      const deleted = {
        properties: {
          deleted: { enum: [true], type: 'boolean' },
          id: { maxLength: 5000, type: 'string' },
          object: { enum: [r], type: 'string' },
        },
        required: ['deleted', 'id', 'object'],
        title: `DeletedResource${i}`,
        type: 'object',
      };
      schemas[`deleted_${r}`] = deleted;
      if (revision) schemas[`${r}_deleted`] = deleted;
    }
    addPaths(paths, i, revision, hasDeleted);
  }
  return withError({
    openapi: '3.0.0',
    info: { title: 'Stripe-shaped API', version: revision ? '2022-04-08' : '2021-06-01' },
    paths,
    components: { schemas },
  });
}

const json = (schema: unknown) => ({ 'application/json': { schema } });

function addPaths(paths: Obj, i: number, revision: 0 | 1, hasDeleted: boolean) {
  const r = `resource_${i}`;
  const error = { description: 'Error response.', content: json({ $ref: '#/components/schemas/error' }) };
  const listParams = [
    {
      description: `A limit on the number of objects to be returned. ${TEXT}`,
      in: 'query',
      name: 'limit',
      required: false,
      schema: { type: 'integer' },
    },
    {
      description: 'A cursor for use in pagination.',
      in: 'query',
      name: 'starting_after',
      required: false,
      schema: { maxLength: 5000, type: 'string' },
    },
    {
      description: 'Specifies which fields in the response should be expanded.',
      explode: true,
      in: 'query',
      name: 'expand',
      required: false,
      schema: { items: { maxLength: 5000, type: 'string' }, type: 'array' },
      style: 'deepObject',
    },
  ];
  const form = {
    'application/x-www-form-urlencoded': {
      schema: {
        properties: {
          amount: { type: 'integer' },
          currency: { maxLength: 5000, type: 'string' },
          metadata: { additionalProperties: { type: 'string' }, type: 'object' },
          ...(revision && i % 45 === 6
            ? { reference: { maxLength: 5000, pattern: '^[A-Z0-9]+$', type: 'string' } }
            : { reference: { maxLength: 5000, type: 'string' } }),
        },
        type: 'object',
      },
    },
  };
  const one = ref(r);
  paths[`/v1/${r}`] = {
    get: {
      description: `Returns a list of objects. ${TEXT}`,
      operationId: `Get${r}`,
      parameters: listParams,
      responses: {
        '200': {
          description: 'Successful response.',
          content: json({
            properties: {
              data: { items: one, type: 'array' },
              has_more: { type: 'boolean' },
              object: { enum: ['list'], type: 'string' },
              url: { type: 'string' },
            },
            required: ['data', 'has_more', 'object', 'url'],
            type: 'object',
          }),
        },
        default: error,
      },
    },
    post: {
      description: `Creates an object. ${TEXT}`,
      operationId: `Post${r}`,
      requestBody: { content: form, required: false },
      responses: { '200': { description: 'Successful response.', content: json(one) }, default: error },
    },
  };
  // false alarm 1: the path parameter is undeclared in the older document
  const idParam = [
    { in: 'path', name: 'id', required: true, schema: { maxLength: 5000, type: 'string' }, style: 'simple' },
  ];
  const declared = revision === 1 || i % 4 !== 0;
  const item: Obj = {
    get: {
      description: `Retrieves an object. ${TEXT}`,
      operationId: `Get${r}Id`,
      ...(declared ? { parameters: idParam } : {}),
      responses: { '200': { description: 'Successful response.', content: json(one) }, default: error },
    },
    post: {
      description: `Updates an object. ${TEXT}`,
      operationId: `Post${r}Id`,
      ...(declared ? { parameters: idParam } : {}),
      requestBody: { content: form, required: false },
      responses: { '200': { description: 'Successful response.', content: json(one) }, default: error },
    },
  };
  // false alarm 2: `$ref X` becomes `anyOf [X, deleted_X]`; and some operations removed
  if (hasDeleted && !(revision && i % 33 === 0)) {
    const deletedAnswer = revision && i % 9 === 0 ? { anyOf: [one, ref(`deleted_${r}`)] } : one;
    item.delete = {
      description: `Deletes an object. ${TEXT}`,
      operationId: `Delete${r}Id`,
      ...(declared ? { parameters: idParam } : {}),
      responses: { '200': { description: 'Successful response.', content: json(deletedAnswer) }, default: error },
    };
  }
  paths[`/v1/${r}/{id}`] = item;
}

/** The error schema every operation answers (added once, beside the resources). */
function withError(doc: Obj): Obj {
  const components = doc.components as { schemas: Obj };
  components.schemas.error = {
    properties: {
      error: {
        properties: { code: { maxLength: 5000, type: 'string' }, message: { maxLength: 40000, type: 'string' } },
        type: 'object',
      },
    },
    required: ['error'],
    type: 'object',
  };
  return doc;
}
