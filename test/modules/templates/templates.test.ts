import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, serviceTemplates } from '../../../src/db/schema/index.js';
import { createTemplatesService } from '../../../src/modules/templates/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser('tpl')).token);
});
afterAll(() => t.close());

const base = '/api/v1/service-templates';
const create = (payload: object, headers = admin) => t.app.inject({ method: 'POST', url: base, headers, payload });
const body = (over: object = {}) => ({ name: uniq('tpl'), language: 'typescript', framework: 'express', repositoryUrl: 'https://git.example.com/org/tpl.git', ...over });
const builtin = async (name: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}?take=100`, headers: user });
  return (res.json().data as any[]).find((x) => x.name === name);
};

describe('built-in templates', () => {
  it('exist after start with their variables, read-only', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}?take=100`, headers: user });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries((res.json().data as any[]).map((x) => [x.name, x]));
    expect(byName['typescript-backend']).toMatchObject({
      isBuiltIn: true,
      language: 'typescript',
      framework: 'fastify',
      repositoryUrl: 'builtin://typescript-backend',
      organizationId: null,
    });
    const keys = (n: string) => byName[n].variables.map((v: any) => v.key);
    expect(keys('typescript-backend')).toEqual(['SERVICE_NAME', 'PORT', 'DATABASE_TYPE', 'OWNER']);
    expect(keys('typescript-webapp')).toEqual(['APP_NAME', 'PORT', 'OWNER']);
    expect(keys('go-service')).toEqual(['SERVICE_NAME', 'PORT', 'OWNER']);
    expect(keys('python-worker')).toEqual(['SERVICE_NAME', 'QUEUE_NAME', 'CONCURRENCY', 'OWNER']);
    const vars = (n: string) => Object.fromEntries(byName[n].variables.map((v: any) => [v.key, v]));
    expect(vars('typescript-backend').SERVICE_NAME).toMatchObject({ required: true, pattern: '^[a-z][a-z0-9-]{1,62}$', label: expect.any(String), description: expect.any(String) });
    expect(vars('typescript-backend').PORT).toMatchObject({ required: false, default: '3000', pattern: '^[0-9]{2,5}$' });
    expect(vars('typescript-backend').DATABASE_TYPE).toMatchObject({ required: false, default: 'postgres', pattern: '^(postgres|mysql|sqlite)$' });
    expect(vars('typescript-webapp').APP_NAME).toMatchObject({ required: true, pattern: '^[a-z][a-z0-9-]{1,62}$' });
    expect(vars('go-service').PORT).toMatchObject({ default: '8080', required: false });
    expect(vars('python-worker').QUEUE_NAME).toMatchObject({ required: true });
    expect(vars('python-worker').CONCURRENCY).toMatchObject({ required: false, default: '4', pattern: '^[0-9]+$' });
    expect(byName['go-service'].language).toBe('go');
    expect(byName['python-worker'].language).toBe('python');
  });

  it('admins may change and delete them like any template; the next start restores them', async () => {
    const web = await builtin('typescript-webapp');
    const patched = await t.app.inject({ method: 'PATCH', url: `${base}/${web.id}`, headers: admin, payload: { description: 'edited', tags: ['x'] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: web.id, description: 'edited', tags: ['x'], isBuiltIn: true, name: 'typescript-webapp' });
    expectError(await t.app.inject({ method: 'PATCH', url: `${base}/${web.id}`, headers: user, payload: { description: 'y' } }), 403);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${web.id}`, headers: admin })).statusCode).toBe(204);
    expectError(await t.app.inject({ method: 'GET', url: `${base}/${web.id}`, headers: user }), 404);
    const again = await buildTestApp({}, { handle: t.database, url: '', drop: async () => {} });
    await again.close();
    const restored = await builtin('typescript-webapp');
    expect(restored).toMatchObject({ isBuiltIn: true, description: web.description, tags: web.tags });
    expect(restored.variables).toEqual(web.variables);
  });

  it('seeding again is idempotent (no duplicates, updatedAt kept)', async () => {
    const before = await builtin('python-worker');
    const again = await buildTestApp({}, { handle: t.database, url: '', drop: async () => {} });
    await again.close();
    const res = await t.app.inject({ method: 'GET', url: `${base}?take=100`, headers: user });
    const rows = (res.json().data as any[]).filter((x) => x.isBuiltIn);
    expect(rows).toHaveLength(4);
    expect((await builtin('python-worker')).updatedAt).toBe(before.updatedAt);
  });

  it('two processes seeding at once leave exactly one row per built-in', async () => {
    const ctx = { db: t.database.db } as unknown as Parameters<typeof createTemplatesService>[0];
    await Promise.all([createTemplatesService(ctx).seedBuiltins(), createTemplatesService(ctx).seedBuiltins(), createTemplatesService(ctx).seedBuiltins()]);
    const rows = await t.database.db.select({ name: serviceTemplates.name }).from(serviceTemplates).where(eq(serviceTemplates.isBuiltIn, true));
    expect(rows.map((r) => r.name).sort()).toEqual(['go-service', 'python-worker', 'typescript-backend', 'typescript-webapp']);
  });

  it('are listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    for (const p of ['/api/v1/service-templates', '/api/v1/service-templates/{id}', '/api/v1/service-templates/{id}/scaffold', '/api/v1/service-templates/{id}/scaffold/dry-run', '/api/v1/scaffold-requests', '/api/v1/scaffold-requests/{id}']) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});

describe('CRUD', () => {
  it('creates (201), reads, updates and deletes (204) a custom template', async () => {
    const payload = body({
      description: 'Express API',
      tags: ['node'],
      variables: [{ key: 'SERVICE_NAME', required: true, pattern: '^[a-z]+$' }, { key: 'PORT', label: 'Port', default: '3000' }],
    });
    const res = await create(payload);
    expect(res.statusCode).toBe(201);
    const tpl = res.json();
    expect(tpl).toMatchObject({ name: payload.name, isBuiltIn: false, organizationId: null, tags: ['node'], description: 'Express API' });
    expect(tpl.variables).toEqual([
      { key: 'SERVICE_NAME', label: 'SERVICE_NAME', description: '', default: '', required: true, pattern: '^[a-z]+$' },
      { key: 'PORT', label: 'Port', description: '', default: '3000', required: false },
    ]);
    expect((await t.app.inject({ method: 'GET', url: `${base}/${tpl.id}`, headers: user })).json()).toEqual(tpl);

    const patched = await t.app.inject({ method: 'PATCH', url: `${base}/${tpl.id}`, headers: admin, payload: { framework: 'koa', tags: [] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ framework: 'koa', tags: [], name: payload.name, language: 'typescript' });

    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${tpl.id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await t.app.inject({ method: 'GET', url: `${base}/${tpl.id}`, headers: user }), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${tpl.id}`, headers: admin }), 404);
  });

  it('lists with filters, ordered by name, paginated', async () => {
    const lang = uniq('lang').slice(0, 40);
    await create(body({ name: `zz-${lang}`, language: lang, framework: 'fw-a' }));
    await create(body({ name: `aa-${lang}`, language: lang, framework: 'fw-b' }));
    const all = (await t.app.inject({ method: 'GET', url: `${base}?language=${lang}`, headers: user })).json();
    expect(all.total).toBe(2);
    expect(all.data.map((x: any) => x.name)).toEqual([`aa-${lang}`, `zz-${lang}`]);
    const fw = (await t.app.inject({ method: 'GET', url: `${base}?language=${lang}&framework=fw-a`, headers: user })).json();
    expect(fw.data.map((x: any) => x.name)).toEqual([`zz-${lang}`]);
    const page = (await t.app.inject({ method: 'GET', url: `${base}?language=${lang}&skip=1&take=1`, headers: user })).json();
    expect(page).toMatchObject({ total: 2, skip: 1, take: 1 });
    expect(page.data.map((x: any) => x.name)).toEqual([`zz-${lang}`]);
    const go = (await t.app.inject({ method: 'GET', url: `${base}?framework=net-http`, headers: user })).json();
    expect(go.data.map((x: any) => x.name)).toContain('go-service');
  });

  it('takes organizationId from X-Organization-Id, or the body, and filters by it', async () => {
    const [org] = await t.database.db.insert(organizations).values({ name: 'Tpl Org', slug: uniq('org') }).returning();
    const res = await create(body(), { ...admin, 'x-organization-id': org!.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().organizationId).toBe(org!.id);
    const explicit = await create(body({ organizationId: org!.id }));
    expect(explicit.json().organizationId).toBe(org!.id);
    const list = (await t.app.inject({ method: 'GET', url: `${base}?organizationId=${org!.id}`, headers: user })).json();
    expect(list.total).toBe(2);
    expectError(await create(body(), { ...admin, 'x-organization-id': randomUUID() }), 404);
    expectError(await create(body(), { ...admin, 'x-organization-id': 'nope' }), 400);
    expect(expectError(await create(body({ organizationId: randomUUID() })), 400).message).toMatch(/organizationId/);
  });

  it('409 on a duplicate name, on create and rename', async () => {
    const a = (await create(body())).json();
    const b = (await create(body())).json();
    expectError(await create(body({ name: a.name })), 409);
    expectError(await create(body({ name: 'go-service' })), 409);
    expectError(await t.app.inject({ method: 'PATCH', url: `${base}/${b.id}`, headers: admin, payload: { name: a.name } }), 409);
    // renaming to its own name is fine
    expect((await t.app.inject({ method: 'PATCH', url: `${base}/${b.id}`, headers: admin, payload: { name: b.name } })).statusCode).toBe(200);
  });

  it('accepts lower-case and camelCase variable keys', async () => {
    const res = await create({ name: uniq('lower-keys'), language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: 'serviceName', required: true }, { key: 'app-name' }] });
    expect(res.statusCode).toBe(201);
    expect(res.json().variables.map((v: { key: string }) => v.key)).toEqual(['serviceName', 'app-name']);
  });

  it.each([
    [{ language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git' }, 'name'],
    [{ name: 'x', framework: 'x', repositoryUrl: 'https://h/r.git' }, 'language'],
    [{ name: 'x', language: 'ts', repositoryUrl: 'https://h/r.git' }, 'framework'],
    [{ name: 'x', language: 'ts', framework: 'x' }, 'repositoryUrl'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'ftp://h/r.git' }, 'repositoryUrl'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'builtin://go-service' }, 'repositoryUrl'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: '--upload-pack=sh' }, 'repositoryUrl'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: '1st' }] }, 'key'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: 'has space' }] }, 'key'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ label: 'no key' }] }, 'key'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: 'A', pattern: '([' }] }, 'pattern'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: 'A' }, { key: 'A' }] }, 'A'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', variables: [{ key: 'A', required: 'yes' }] }, 'required'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', tags: 'a' }, 'tags'],
    [{ name: 'x'.repeat(101), language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git' }, 'name'],
    [{ name: 'x', language: 'ts', framework: 'x', repositoryUrl: 'https://h/r.git', organizationId: 'nope' }, 'organizationId'],
  ])('400 for %j', async (payload, field) => {
    expect(expectError(await create(payload), 400).message).toContain(field);
  });

  it('PATCH validates like create', async () => {
    const tpl = (await create(body())).json();
    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `${base}/${tpl.id}`, headers: admin, payload });
    expectError(await patch({ repositoryUrl: 'ftp://x/y' }), 400);
    expectError(await patch({ variables: [{ key: 'A', pattern: '(' }] }), 400);
    expectError(await patch({ language: 5 }), 400);
    expectError(await t.app.inject({ method: 'PATCH', url: `${base}/${randomUUID()}`, headers: admin, payload: { language: 'go' } }), 404);
    const ok = await patch({ variables: [{ key: 'B', default: '1', pattern: '^[0-9]$' }] });
    expect(ok.json().variables).toEqual([{ key: 'B', label: 'B', description: '', default: '1', required: false, pattern: '^[0-9]$' }]);
  });

  it('auth: 401 without a token, 403 for non-admin writes, 400/404 on ids', async () => {
    expectError(await t.app.inject({ method: 'GET', url: base }), 401);
    expectError(await t.app.inject({ method: 'GET', url: base, headers: { authorization: 'Bearer junk' } }), 401);
    expectError(await create(body(), user), 403);
    const tpl = (await create(body())).json();
    expectError(await t.app.inject({ method: 'PATCH', url: `${base}/${tpl.id}`, headers: user, payload: { language: 'go' } }), 403);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${tpl.id}`, headers: user }), 403);
    expectError(await t.app.inject({ method: 'GET', url: `${base}/not-a-uuid`, headers: user }), 400);
    expectError(await t.app.inject({ method: 'GET', url: `${base}/${randomUUID()}`, headers: user }), 404);
    expectError(await t.app.inject({ method: 'GET', url: `${base}?take=101`, headers: user }), 400);
    expectError(await t.app.inject({ method: 'GET', url: `${base}?skip=-1`, headers: user }), 400);
    expectError(await t.app.inject({ method: 'GET', url: `${base}?organizationId=nope`, headers: user }), 400);
  });
});

describe('scaffold variable checks and dry run', () => {
  const target = 'https://git.example.com/team/new-service.git';
  const scaffold = (id: string, payload: object, suffix = '') => t.app.inject({ method: 'POST', url: `${base}/${id}/scaffold${suffix}`, headers: user, payload });

  it('400 naming a missing required variable or a value failing its pattern, before anything else', async () => {
    const be = await builtin('typescript-backend');
    expect(expectError(await scaffold(be.id, { targetRepository: target }), 400).message).toMatch(/SERVICE_NAME/);
    expect(expectError(await scaffold(be.id, { targetRepository: target, variables: { SERVICE_NAME: 'Bad Name' } }), 400).message).toMatch(/SERVICE_NAME/);
    expect(expectError(await scaffold(be.id, { targetRepository: target, variables: { SERVICE_NAME: 'ok-svc', PORT: 'eighty' } }), 400).message).toMatch(/PORT/);
    expect(expectError(await scaffold(be.id, { targetRepository: target, variables: { SERVICE_NAME: 'ok-svc', DATABASE_TYPE: 'oracle' } }), 400).message).toMatch(/DATABASE_TYPE/);
    // variables are checked before the target URL
    expect(expectError(await scaffold(be.id, { targetRepository: 'ftp://bad' }), 400).message).toMatch(/SERVICE_NAME/);
    const py = await builtin('python-worker');
    expect(expectError(await scaffold(py.id, { targetRepository: target, variables: { SERVICE_NAME: 'wrk' } }, '/dry-run'), 400).message).toMatch(/QUEUE_NAME/);
    expect(expectError(await scaffold(py.id, { targetRepository: target, variables: { SERVICE_NAME: 'wrk', QUEUE_NAME: 'q', CONCURRENCY: '-1' } }, '/dry-run'), 400).message).toMatch(/CONCURRENCY/);
  });

  it('400 on a bad target or body, 404 on an unknown template, 401 without a token', async () => {
    const go = await builtin('go-service');
    const vars = { SERVICE_NAME: 'svc' };
    expect(expectError(await scaffold(go.id, { targetRepository: 'ftp://host/x', variables: vars }), 400).message).toMatch(/targetRepository/);
    expect(expectError(await scaffold(go.id, { variables: vars }), 400).message).toMatch(/targetRepository/);
    expectError(await scaffold(go.id, { targetRepository: target, variables: { SERVICE_NAME: 5 } }), 400);
    expectError(await scaffold(go.id, { targetRepository: target, variables: vars, dryRun: 'yes' }), 400);
    expectError(await scaffold(randomUUID(), { targetRepository: target, variables: vars }), 404);
    expectError(await scaffold(randomUUID(), { targetRepository: target, variables: vars }, '/dry-run'), 404);
    expectError(await scaffold('nope', { targetRepository: target, variables: vars }), 400);
    expectError(await t.app.inject({ method: 'POST', url: `${base}/${go.id}/scaffold`, payload: { targetRepository: target } }), 401);
  });

  it('dry run: 201 completed with rendered paths, defaults applied, unknown variables ignored', async () => {
    const go = await builtin('go-service');
    const res = await scaffold(go.id, { targetRepository: target, variables: { SERVICE_NAME: 'payments', EXTRA: 'ignored' } }, '/dry-run');
    expect(res.statusCode).toBe(201);
    const req = res.json();
    expect(req).toMatchObject({
      templateId: go.id,
      templateName: 'go-service',
      targetRepository: target,
      status: 'completed',
      dryRun: true,
      variables: { SERVICE_NAME: 'payments', PORT: '8080' },
    });
    expect(req.statusMessage).toMatch(/dry run completed/i);
    expect(req.renderedFiles).toContain('cmd/payments/main.go');
    expect(req.renderedFiles).toContain('deploy/payments.yaml');
    expect(req.renderedFiles).toEqual(expect.arrayContaining(['README.md', 'Dockerfile', 'go.mod', '.github/workflows/ci.yml']));
    expect([...req.renderedFiles].sort()).toEqual(req.renderedFiles);
    expect(req.renderedFiles.join('\n')).not.toContain('{{');

    const viaFlag = await scaffold(go.id, { targetRepository: target, variables: { SERVICE_NAME: 'payments' }, dryRun: true });
    expect(viaFlag.statusCode).toBe(201);
    expect(viaFlag.json()).toMatchObject({ dryRun: true, status: 'completed', renderedFiles: req.renderedFiles });

    // stored and readable by its requester
    const got = await t.app.inject({ method: 'GET', url: `/api/v1/scaffold-requests/${req.id}`, headers: user });
    expect(got.json()).toEqual(req);
  });

  it('dry run of every built-in renders all placeholders', async () => {
    const cases: Record<string, Record<string, string>> = {
      'typescript-backend': { SERVICE_NAME: 'orders-api' },
      'typescript-webapp': { APP_NAME: 'shop-web' },
      'go-service': { SERVICE_NAME: 'billing' },
      'python-worker': { SERVICE_NAME: 'mailer', QUEUE_NAME: 'emails' },
    };
    for (const [name, variables] of Object.entries(cases)) {
      const tpl = await builtin(name);
      const res = await scaffold(tpl.id, { targetRepository: target, variables }, '/dry-run');
      expect(res.statusCode, name).toBe(201);
      const files: string[] = res.json().renderedFiles;
      expect(files, name).toEqual(expect.arrayContaining(['README.md', 'Dockerfile', '.github/workflows/ci.yml']));
      expect(files.some((f) => f.includes(Object.values(variables)[0]!)), name).toBe(true);
    }
  });

  it('a custom template whose repository cannot be cloned: dry run 400 naming the cause', async () => {
    const tpl = (await create(body({ repositoryUrl: 'file:///nonexistent/hangar-template.git' }))).json();
    const res = await scaffold(tpl.id, { targetRepository: target }, '/dry-run');
    expect(expectError(res, 400).message).toMatch(/Cloning template repository file:\/\/\/nonexistent\/hangar-template.git failed/);
  });
});
