import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

/**
 * Hostile input over HTTP (issue 9, "Input"): unknown body fields really ignored everywhere, a depth
 * limit for free-form JSON, user data as object keys, and template patterns that cannot stall the
 * process however they are written.
 */
const INGEST = 'ingest-token-for-input-tests-0123456789';
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ IAC_INGEST_TOKEN: INGEST });
  admin = bearer(await t.adminToken());
});
afterAll(() => t?.close());

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers = admin) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

/** JSON text nesting `levels` objects (built as text: JSON.stringify itself would overflow the stack). */
const nested = (levels: number) => `${'{"child":'.repeat(levels)}{"leaf":true}${'}'.repeat(levels)}`;

const injectRaw = (url: string, json: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'application/json' }, payload: json });

describe('unknown body fields are stripped, for every module', () => {
  it('a template PATCH cannot rewrite id or isBuiltIn', async () => {
    const created = await inject('POST', '/api/v1/service-templates', {
      name: uniq('strip'),
      language: 'go',
      framework: 'gin',
      repositoryUrl: 'https://git.example.com/org/tpl.git',
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const forged = randomUUID();
    const patched = await inject('PATCH', `/api/v1/service-templates/${id}`, {
      id: forged,
      isBuiltIn: true,
      description: 'patched',
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id, isBuiltIn: false, description: 'patched' });
    expect(patched.json().createdAt).not.toMatch(/^2000/);
    expect((await inject('GET', `/api/v1/service-templates/${forged}`)).statusCode).toBe(404);
  });

  it('drift ingestion ignores id and detectedAt', async () => {
    const forged = randomUUID();
    const moduleName = uniq('drift');
    const res = await inject(
      'POST',
      '/api/v1/iac/module-drift/ingest',
      {
        modules: [
          {
            id: forged,
            detectedAt: '2000-01-01T00:00:00.000Z',
            stackPath: 'live/prod',
            moduleName,
            sourceUrl: 'git::https://git.example.com/m.git',
            currentRef: 'v1.0.0',
            latestRef: 'v1.2.0',
          },
        ],
      },
      bearer(INGEST),
    );
    expect(res.statusCode).toBe(201);
    const record = (await inject('GET', '/api/v1/iac/module-drift'))
      .json()
      .find((d: { moduleName: string }) => d.moduleName === moduleName);
    expect(record).toBeDefined();
    expect(record.id).not.toBe(forged);
    expect(record.detectedAt).not.toMatch(/^2000/);
  });

  it('declared free-form maps keep their keys', async () => {
    const res = await inject('POST', '/api/v1/environments', {
      name: uniq('env'),
      metadata: { region: 'eu', nested: { any: 'thing' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().metadata).toEqual({ region: 'eu', nested: { any: 'thing' } });
  });
});

describe('free-form JSON depth', () => {
  it('5,000 levels of metadata answer 400, not 500', async () => {
    const res = await injectRaw('/api/v1/environments', `{"name":"${uniq('deep')}","metadata":${nested(5_000)}}`);
    expectError(res, 400);
    expect(res.json().message).toMatch(/deeper than \d+ levels/);
  });

  it('a deep widget config answers 400 too', async () => {
    const dash = await inject('POST', '/api/v1/dashboards', { name: uniq('dash') });
    expect(dash.statusCode).toBe(201);
    const res = await injectRaw(
      `/api/v1/dashboards/${dash.json().id}/widgets`,
      `{"type":"metric_graph","title":"deep","config":${nested(5_000)}}`,
    );
    expectError(res, 400);
  });

  it('realistic nesting (100 levels) is accepted', async () => {
    const res = await injectRaw('/api/v1/environments', `{"name":"${uniq('ok')}","metadata":${nested(100)}}`);
    expect(res.statusCode).toBe(201);
  });
});

describe('user data as object keys', () => {
  it('an environment named __proto__ shows up on the IaC dashboard', async () => {
    const name = uniq('proto-stack');
    const imported = await inject(
      'POST',
      '/api/v1/iac/stacks/import',
      {
        stacks: [
          { name, environment: '__proto__' },
          { name, environment: 'constructor' },
        ],
      },
      bearer(INGEST),
    );
    expect(imported.statusCode).toBe(201);
    const dash = (await inject('GET', '/api/v1/iac/dashboard')).json();
    expect(dash.environments).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
    expect(Object.prototype.hasOwnProperty.call(dash.stacksByEnvironment, '__proto__')).toBe(true);
    expect(dash.stacksByEnvironment['__proto__']).toEqual([expect.objectContaining({ name })]);
    expect(dash.stacksByEnvironment.constructor).toEqual([expect.objectContaining({ name })]);
  });
});

describe('template variable patterns', () => {
  it('a catastrophically backtracking pattern cannot stall the process (linear-time engine)', async () => {
    const created = await inject('POST', '/api/v1/service-templates', {
      name: uniq('redos'),
      language: 'go',
      framework: 'gin',
      repositoryUrl: 'https://git.example.com/org/tpl.git',
      variables: [{ key: 'NAME', required: true, pattern: '^(a+)+$' }],
    });
    expect(created.statusCode).toBe(201);
    const started = Date.now();
    // With a backtracking engine this value costs 2^40 steps.
    const res = await inject('POST', `/api/v1/service-templates/${created.json().id}/scaffold/dry-run`, {
      targetRepository: 'https://git.example.com/org/new.git',
      variables: { NAME: `${'a'.repeat(40)}!` },
    });
    expectError(res, 400);
    expect(res.json().message).toMatch(/does not match/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('patterns outside the linear-time syntax (backreferences, lookaround) are refused at create and update', async () => {
    const bad = await inject('POST', '/api/v1/service-templates', {
      name: uniq('backref'),
      language: 'go',
      framework: 'gin',
      repositoryUrl: 'https://git.example.com/org/tpl.git',
      variables: [{ key: 'X', pattern: '^(a)\\1$' }],
    });
    expectError(bad, 400);
    const ok = await inject('POST', '/api/v1/service-templates', {
      name: uniq('look'),
      language: 'go',
      framework: 'gin',
      repositoryUrl: 'https://git.example.com/org/tpl.git',
    });
    const patched = await inject('PATCH', `/api/v1/service-templates/${ok.json().id}`, {
      variables: [{ key: 'X', pattern: '^(?=a)a$' }],
    });
    expectError(patched, 400);
  });

  it('variable values have a length limit', async () => {
    const list = (await inject('GET', '/api/v1/service-templates?take=100')).json().data;
    const res = await inject('POST', `/api/v1/service-templates/${list[0].id}/scaffold/dry-run`, {
      targetRepository: 'https://git.example.com/org/new.git',
      variables: { SERVICE_NAME: 'x'.repeat(5_000) },
    });
    expectError(res, 400);
  });
});
