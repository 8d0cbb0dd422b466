import { diffDocuments } from '../diff/index.js';
import { analyseSpec } from './analyse.js';

/**
 * Run once when a worker thread starts: compiles the OpenAPI 3.0 validator and lets V8 optimise the
 * diff's hot paths on a synthetic pair, so the first real (multi-megabyte) diff does not run cold.
 */
export function warmUp() {
  const doc = (revision: number) => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 150; i++) {
      schemas[`S${i}`] = {
        type: 'object',
        required: revision && i % 7 === 0 ? ['a', 'b'] : ['a'],
        properties: {
          a: { type: 'string', maxLength: 10 + revision },
          b: { type: 'integer', enum: [1, 2] },
          n: { $ref: `#/components/schemas/S${(i + 1) % 150}` },
        },
      };
      const ref = { $ref: `#/components/schemas/S${i}` };
      paths[`/r${i}/{id}`] = {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref } } } },
        },
        put: {
          requestBody: { content: { 'application/json': { schema: ref } } },
          responses: { '200': { description: 'ok', headers: { 'X-A': { schema: { type: 'string' } } } } },
        },
      };
    }
    return { openapi: '3.0.3', info: { title: 'warm-up', version: '1' }, paths, components: { schemas } };
  };
  const [a, b] = [doc(0), doc(1)];
  analyseSpec(JSON.stringify(a));
  for (let i = 0; i < 5; i++) diffDocuments('openapi', a, b);
}
