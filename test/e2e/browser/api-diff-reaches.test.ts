import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, portalFixture, type PortalFixture } from './helpers/index.js';

/**
 * The diff view names every operation a schema change reaches (decision 800): the first 20 come
 * with the diff, "Show all" fetches the rest through GET …/diff/reaches.
 */
let portal: PortalFixture;
const OPERATIONS = 45;

/** An API whose Shared schema answers every one of OPERATIONS operations; `extra` adds a property to it. */
function inventory(version: string, extra: Record<string, unknown> = {}) {
  const response = {
    responses: {
      '200': {
        description: 'ok',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Shared' } } },
      },
    },
  };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < OPERATIONS / 3; i++)
    paths[`/items${String(i).padStart(2, '0')}`] = { get: response, put: response, delete: response };
  const shared = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, ...extra } };
  return {
    openapi: '3.0.3',
    info: { title: 'Inventory', version },
    paths,
    components: { schemas: { Shared: shared } },
  };
}

beforeAll(async () => {
  portal = await portalFixture({ seed: true });
  const { server, token } = portal;
  const definition = JSON.stringify(inventory('1.0.0'), null, 2).replace(/^/gm, '    ');
  const yaml = `apiVersion: backstage.io/v1alpha1
kind: API
metadata: { name: inventory-rest, description: Stock levels }
spec:
  type: openapi
  lifecycle: production
  owner: payments-team
  definition: |
${definition}
`;
  const registered = await server.api('POST', '/api/v1/catalog/register-yaml', { yaml }, token);
  expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);
  const entity = await server.api('GET', '/api/v1/catalog/entities/api/default/inventory-rest', undefined, token);
  const id = (entity.body as { id: string }).id;
  const v2 = await server.api(
    'POST',
    `/api/v1/catalog/components/${id}/api-specs`,
    { name: 'inventory-rest', version: '2.0.0', spec: inventory('2.0.0', { sku: { type: 'string' } }) },
    token,
  );
  expect(v2.status, JSON.stringify(v2.body)).toBe(201);
});
afterAll(() => portal?.close());

describe('API diff: every operation a change reaches', () => {
  it.each(['light', 'dark'] as const)(
    'lists the first 20 with the change, and all of them on demand; axe-clean with the full list open (%s)',
    async (theme) => {
      const { context, page } = await portal.signedIn('/apis/default/inventory-rest?view=diff', { theme });
      const change = page.getByRole('listitem').filter({ hasText: "optional property 'sku' added" }).last();
      await change.getByText(`Reaches ${OPERATIONS} operations`).click();
      const list = change.getByRole('list', { name: 'Operations the change reaches' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
      await change.getByRole('button', { name: `Show all ${OPERATIONS} operations` }).click();
      await expect.poll(() => list.getByRole('listitem').count()).toBe(OPERATIONS);
      await list.getByText('DELETE /items14', { exact: true }).waitFor();
      expect(await change.getByRole('button', { name: /Show all|Show more/ }).count()).toBe(0);
      const shown = await list.getByRole('listitem').allTextContents();
      expect(shown).toEqual([...shown].sort());
      await expectAccessible(page, `API diff with every reached operation listed (${theme})`);
      await context.close();
    },
  );
});
