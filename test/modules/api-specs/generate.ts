/**
 * A generated OpenAPI 3.0 document of real-world size: `resources` resource groups, each with a
 * collection and an item path (GET/POST/PUT/PATCH/DELETE), shared parameters, request and response
 * bodies through `$ref`s to schemas that reference each other (including a cycle). `revision` > 0
 * changes a few things the diff must find (a removed operation, a new required property, an enum
 * value removed) so two revisions make a realistic pair.
 */
export function generateOpenApi(resources: number, revision = 0): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
    Node: {
      type: 'object',
      properties: { id: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
    },
  };
  const errors = {
    '400': {
      description: 'bad request',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    '404': {
      description: 'not found',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
  for (let i = 0; i < resources; i++) {
    const name = `Resource${i}`;
    const ref = { $ref: `#/components/schemas/${name}` };
    const properties: Record<string, unknown> = {
      id: { type: 'string', format: 'uuid', readOnly: true },
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: `The name of resource ${i}, shown in listings and search results.`,
      },
      status: { type: 'string', enum: ['active', 'paused', 'archived'] },
      count: { type: 'integer', minimum: 0, maximum: 1000000 },
      tags: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9-]+$' }, maxItems: 50 },
      owner: { $ref: `#/components/schemas/Resource${(i + 1) % resources}Ref` },
      tree: { $ref: '#/components/schemas/Node' },
      createdAt: { type: 'string', format: 'date-time', readOnly: true },
    };
    const required = ['name', 'status'];
    if (revision > 0 && i % 97 === 3) {
      properties.region = { type: 'string' };
      required.push('region');
    }
    if (revision > 0 && i % 89 === 5) properties.status = { type: 'string', enum: ['active', 'paused'] };
    schemas[name] = { type: 'object', description: `Resource ${i} of the generated API.`, required, properties };
    schemas[`${name}Ref`] = {
      type: 'object',
      properties: { id: { type: 'string' }, href: { type: 'string', format: 'uri' } },
    };
    schemas[`${name}List`] = {
      type: 'object',
      properties: {
        data: { type: 'array', items: ref },
        total: { type: 'integer' },
        skip: { type: 'integer' },
        take: { type: 'integer' },
      },
    };
    const body = { required: true, content: { 'application/json': { schema: ref } } };
    const one = { '200': { description: 'ok', content: { 'application/json': { schema: ref } } }, ...errors };
    paths[`/v1/resource-${i}`] = {
      get: {
        operationId: `list${name}`,
        summary: `List resource ${i}`,
        tags: [`group-${i % 20}`],
        parameters: [
          { $ref: '#/components/parameters/Skip' },
          { $ref: '#/components/parameters/Take' },
          { name: 'q', in: 'query', schema: { type: 'string' } },
        ],
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}List` } } },
          },
          ...errors,
        },
      },
      post: {
        operationId: `create${name}`,
        summary: `Create resource ${i}`,
        requestBody: body,
        responses: { '201': one['200'], ...errors },
      },
    };
    const item: Record<string, unknown> = {
      parameters: [{ name: `resource${i}Id`, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: { operationId: `get${name}`, summary: `Get resource ${i}`, responses: one },
      put: { operationId: `replace${name}`, requestBody: body, responses: one },
      patch: { operationId: `update${name}`, requestBody: body, responses: one },
      delete: { operationId: `delete${name}`, responses: { '204': { description: 'gone' }, ...errors } },
    };
    if (revision > 0 && i % 101 === 7) delete item.delete;
    paths[`/v1/resource-${i}/{resource${i}Id}`] = item;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Generated', version: `1.${revision}.0` },
    security: [{ bearer: [] }],
    paths,
    components: {
      parameters: {
        Skip: { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
        Take: { name: 'take', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      },
      schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  };
}

/** The number of resources giving a JSON document of about `bytes`. */
export const resourcesFor = (bytes: number) => Math.ceil(bytes / 4100);
