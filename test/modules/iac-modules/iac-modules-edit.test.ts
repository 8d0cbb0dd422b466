import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { expectError } from '../../helpers/app.js';
import { t, base, req, newComponent, create, useIacModulesApp } from './iac-modules-setup.js';

useIacModulesApp();

describe('get, patch, delete', () => {
  it('gets a module; 404 unknown; 400 bad id', async () => {
    const m = await create();
    expect((await req('GET', `${base}/${m.id}`)).json()).toEqual(m);
    expectError(await req('GET', `${base}/${randomUUID()}`), 404);
    expectError(await req('GET', `${base}/not-a-uuid`), 400);
    expectError(await req('GET', `${base}/component`), 400);
  });

  it('patches any subset; null clears; an empty patch changes nothing', async () => {
    const m = await create({ engine: 'engine_a', description: 'old' });
    const componentId = await newComponent();
    const res = await req('PATCH', `${base}/${m.id}`, {
      description: 'new',
      componentId,
      sourceRepoUrl: 'https://x.test/new.git',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: m.name,
      engine: 'engine_a',
      description: 'new',
      componentId,
      sourceRepoUrl: 'https://x.test/new.git',
    });
    const cleared = (
      await req('PATCH', `${base}/${m.id}`, { engine: null, description: null, componentId: null })
    ).json();
    expect(cleared).toMatchObject({ engine: null, description: null, componentId: null });
    const same = await req('PATCH', `${base}/${m.id}`, {});
    expect(same.statusCode).toBe(200);
    expect(same.json().updatedAt).toBe(cleared.updatedAt);
    const renamed = (await req('PATCH', `${base}/${m.id}`, { name: `${m.name}-2`, provider: 'generic' })).json();
    expect(renamed).toMatchObject({ name: `${m.name}-2`, provider: 'generic' });
  });

  it('409 when a patch collides with another module', async () => {
    const a = await create();
    const b = await create({ provider: 'cloud_c' });
    expectError(await req('PATCH', `${base}/${b.id}`, { name: a.name, provider: 'cloud_a' }), 409);
    expectError(await req('PATCH', `${base}/${b.id}`, { provider: 'cloud_a', name: a.name, description: 'x' }), 409);
    // Keeping its own name and provider is not a collision.
    expect((await req('PATCH', `${base}/${a.id}`, { name: a.name, provider: 'cloud_a' })).statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ provider: 'aws' }, 'provider'],
    [{ engine: 'x' }, 'engine'],
    [{ sourceRepoUrl: 'ftp://x.test/r.git' }, 'sourceRepoUrl'],
    [{ componentId: 'bad' }, 'componentId'],
    [{ componentId: randomUUID() }, 'componentId'],
    [{ description: 'x'.repeat(2001) }, 'description'],
  ])('patch 400 for %j', async (payload, field) => {
    const m = await create();
    expect(expectError(await req('PATCH', `${base}/${m.id}`, payload), 400).message).toContain(field);
  });

  it('patch 404 unknown, 400 bad id', async () => {
    expectError(await req('PATCH', `${base}/${randomUUID()}`, { description: 'x' }), 404);
    expectError(await req('PATCH', `${base}/xyz`, { description: 'x' }), 400);
  });

  it('deletes with 204 and no body; then 404', async () => {
    const m = await create();
    const res = await req('DELETE', `${base}/${m.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await req('GET', `${base}/${m.id}`), 404);
    expectError(await req('DELETE', `${base}/${m.id}`), 404);
    expectError(await req('DELETE', `${base}/nope`), 400);
    expectError(await req('GET', `${base}/${m.id}/versions`), 404);
    expectError(await req('GET', `${base}/nope/versions`), 400);
  });
});

describe('component links', () => {
  it('links, replaces, lists by component and unlinks', async () => {
    const m = await create();
    const c1 = await newComponent();
    const c2 = await newComponent();
    const linked = await req('POST', `${base}/${m.id}/link-component`, { componentId: c1 });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ id: m.id, componentId: c1 });
    expect((await req('GET', `${base}/component/${c1}`)).json().map((x: { id: string }) => x.id)).toEqual([m.id]);

    expect((await req('POST', `${base}/${m.id}/link-component`, { componentId: c2 })).json().componentId).toBe(c2);
    expect((await req('GET', `${base}/component/${c1}`)).json()).toEqual([]);
    const other = await create({ componentId: c2 });
    expect(
      (await req('GET', `${base}/component/${c2}`))
        .json()
        .map((x: { id: string }) => x.id)
        .sort(),
    ).toEqual([m.id, other.id].sort());

    const unlinked = await req('DELETE', `${base}/${m.id}/unlink-component`);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toMatchObject({ id: m.id, componentId: null });
    expect((await req('DELETE', `${base}/${m.id}/unlink-component`)).json().componentId).toBeNull();
    expect((await req('GET', `${base}/component/${c2}`)).json().map((x: { id: string }) => x.id)).toEqual([other.id]);
  });

  it('deleting a component clears the link', async () => {
    const c = await newComponent();
    const m = await create({ componentId: c });
    const { eq } = await import('drizzle-orm');
    await t.database.db.delete(components).where(eq(components.id, c));
    expect((await req('GET', `${base}/${m.id}`)).json().componentId).toBeNull();
  });

  it('errors: 404 module or component, 400 bad ids', async () => {
    const m = await create();
    const c = await newComponent();
    expectError(await req('POST', `${base}/${randomUUID()}/link-component`, { componentId: c }), 404);
    expect(
      expectError(await req('POST', `${base}/${m.id}/link-component`, { componentId: randomUUID() }), 404).message,
    ).toMatch(/component/i);
    expectError(await req('POST', `${base}/${m.id}/link-component`, { componentId: 'x' }), 400);
    expectError(await req('POST', `${base}/${m.id}/link-component`, {}), 400);
    expectError(await req('POST', `${base}/bad/link-component`, { componentId: c }), 400);
    expectError(await req('DELETE', `${base}/${randomUUID()}/unlink-component`), 404);
    expectError(await req('DELETE', `${base}/bad/unlink-component`), 400);
    expectError(await req('GET', `${base}/component/not-a-uuid`), 400);
    expect((await req('GET', `${base}/component/${randomUUID()}`)).json()).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents every route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const p of [
      '/api/v1/iac-modules',
      '/api/v1/iac-modules/{id}',
      '/api/v1/iac-modules/{id}/versions',
      '/api/v1/iac-modules/{id}/sync',
      '/api/v1/iac-modules/{id}/link-component',
      '/api/v1/iac-modules/{id}/unlink-component',
      '/api/v1/iac-modules/component/{componentId}',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
