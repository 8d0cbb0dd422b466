import { describe, expect, it } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import { MISSING } from './fixtures.js';
import { t, admin, user, patch, get, newSpec, useApiSpecsApp } from './api-specs-setup.js';

useApiSpecsApp();

describe('lifecycle', () => {
  it('active -> deprecated sets deprecatedAt to now when omitted; deprecated -> sunset sets sunsetAt', async () => {
    const spec = await newSpec();
    const before = Date.now();
    const dep = await patch(spec.id, { status: 'deprecated' });
    expect(dep.statusCode).toBe(200);
    const body = dep.json();
    expect(Object.keys(body).sort()).toEqual(['deprecatedAt', 'id', 'status', 'sunsetAt', 'updatedAt']);
    expect(body).toMatchObject({ id: spec.id, status: 'deprecated', sunsetAt: null });
    expect(new Date(body.deprecatedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const sun = (await patch(spec.id, { status: 'sunset' })).json();
    expect(sun).toMatchObject({ status: 'sunset', deprecatedAt: body.deprecatedAt });
    expect(new Date(sun.sunsetAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await get(`/api/v1/api-specs/${spec.id}`)).json()).toMatchObject({
      status: 'sunset',
      deprecatedAt: body.deprecatedAt,
      sunsetAt: sun.sunsetAt,
    });
  });

  it('keeps supplied dates', async () => {
    const spec = await newSpec();
    const dep = (
      await patch(spec.id, {
        status: 'deprecated',
        deprecatedAt: '2024-01-02T03:04:05Z',
        sunsetAt: '2025-01-01T00:00:00Z',
      })
    ).json();
    expect(dep).toMatchObject({
      status: 'deprecated',
      deprecatedAt: '2024-01-02T03:04:05.000Z',
      sunsetAt: '2025-01-01T00:00:00.000Z',
    });
    const sun = (await patch(spec.id, { status: 'sunset', sunsetAt: '2025-06-30T12:00:00+02:00' })).json();
    expect(sun).toMatchObject({
      status: 'sunset',
      deprecatedAt: '2024-01-02T03:04:05.000Z',
      sunsetAt: '2025-06-30T10:00:00.000Z',
    });
  });

  it('deprecated -> sunset keeps a sunset date planned at deprecation when the body omits it', async () => {
    const spec = await newSpec();
    await patch(spec.id, { status: 'deprecated', sunsetAt: '2030-01-01T00:00:00Z' });
    const sun = (await patch(spec.id, { status: 'sunset' })).json();
    expect(sun).toMatchObject({ status: 'sunset', sunsetAt: '2030-01-01T00:00:00.000Z' });
  });

  it('takes ISO 8601 dates and date-times (no zone = UTC); null clears a date', async () => {
    const spec = await newSpec();
    expect((await patch(spec.id, { sunsetAt: '2030-01-31' })).json().sunsetAt).toBe('2030-01-31T00:00:00.000Z');
    expect((await patch(spec.id, { sunsetAt: '2030-01-31T10:20:30' })).json().sunsetAt).toBe(
      '2030-01-31T10:20:30.000Z',
    );
    expect((await patch(spec.id, { sunsetAt: '2030-01-31T10:20:30.5+0100' })).json().sunsetAt).toBe(
      '2030-01-31T09:20:30.500Z',
    );
    expect((await patch(spec.id, { sunsetAt: null })).json().sunsetAt).toBeNull();
    const dep = (await patch(spec.id, { status: 'deprecated', deprecatedAt: null })).json();
    expect(dep.deprecatedAt).not.toBeNull();
  });

  it('same status or no status is a no-op move that may change the dates', async () => {
    const spec = await newSpec();
    const same = await patch(spec.id, { status: 'active' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ status: 'active', deprecatedAt: null, sunsetAt: null });
    const planned = (await patch(spec.id, { sunsetAt: '2030-01-01T00:00:00Z' })).json();
    expect(planned).toMatchObject({ status: 'active', deprecatedAt: null, sunsetAt: '2030-01-01T00:00:00.000Z' });
    await patch(spec.id, { status: 'deprecated' });
    const again = (await patch(spec.id, { status: 'deprecated' })).json();
    expect(again.status).toBe('deprecated');
    expect(again.sunsetAt).toBe('2030-01-01T00:00:00.000Z');
  });

  it('400 for moves the table does not allow', async () => {
    const a = await newSpec();
    expect(expectError(await patch(a.id, { status: 'sunset' }), 400).message).toMatch(/'active' to 'sunset'/);
    await patch(a.id, { status: 'deprecated' });
    expect(expectError(await patch(a.id, { status: 'active' }), 400).message).toMatch(/'deprecated' to 'active'/);
    await patch(a.id, { status: 'sunset' });
    expectError(await patch(a.id, { status: 'active' }), 400);
    expectError(await patch(a.id, { status: 'deprecated' }), 400);
    expect((await get(`/api/v1/api-specs/${a.id}`)).json().status).toBe('sunset');
  });

  it.each([
    [{ status: 'retired' }, 'status'],
    [{ deprecatedAt: 'yesterday' }, 'deprecatedAt'],
    [{ sunsetAt: '2024-13-01T00:00:00Z' }, 'sunsetAt'],
    [{ sunsetAt: '2024-02-30T00:00:00Z' }, 'sunsetAt'],
    [{ sunsetAt: 12345 }, 'sunsetAt'],
    [{ sunsetAt: '2024-01-01T25:00:00Z' }, 'sunsetAt'],
    [{ deprecatedAt: '2024-1-1' }, 'deprecatedAt'],
    [{ status: 1 }, 'status'],
  ])('400 for %j', async (payload, field) => {
    const spec = await newSpec();
    expect(expectError(await patch(spec.id, payload), 400).message).toContain(field);
  });

  it('401, 403, 404 and malformed ids', async () => {
    const spec = await newSpec();
    expectError(
      await t.app.inject({ method: 'PATCH', url: `/api/v1/api-specs/${spec.id}`, payload: { status: 'deprecated' } }),
      401,
    );
    expectError(await patch(spec.id, { status: 'deprecated' }, user), 403);
    expectError(await patch(MISSING, { status: 'deprecated' }), 404);
    expectError(await patch('bad-id', { status: 'deprecated' }), 400);
  });
});

describe('delete', () => {
  it('204 with no body, then 404; non-admins 403; unknown 404', async () => {
    const spec = await newSpec();
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${spec.id}`, headers: bearer(user) }),
      403,
    );
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${spec.id}` }), 401);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${spec.id}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await get(`/api/v1/api-specs/${spec.id}`), 404);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/v1/api-specs/${spec.id}`, headers: bearer(admin) }),
      404,
    );
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/v1/api-specs/xyz', headers: bearer(admin) }), 400);
  });

  it('deleting the component deletes its specs', async () => {
    const { components } = await import('../../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const spec = await newSpec();
    await t.database.db.delete(components).where(eq(components.id, spec.componentId));
    expectError(await get(`/api/v1/api-specs/${spec.id}`), 404);
  });
});

describe('OpenAPI document', () => {
  it('lists every api-specs route', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const p of [
      '/api/v1/catalog/components/{id}/api-specs',
      '/api/v1/api-specs/{id}',
      '/api/v1/api-specs/{id}/diff',
      '/api/v1/api-specs/{id}/consumers',
      '/api/v1/api-specs/{id}/consumers/{consumerId}',
      '/api/v1/catalog/components/{id}/consumed-apis',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
