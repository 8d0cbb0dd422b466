import { Ajv } from 'ajv';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy } from '../../../src/config/runtime.js';
import { safeErrorSerializer, statementName, unavailableDependency } from '../../../src/kernel/dependency-errors.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../../src/kernel/json-depth.js';
import { closeBodySchema } from '../../../src/kernel/validation.js';

describe('TRUST_PROXY', () => {
  it('true means one hop; numbers are hop counts; addresses and CIDRs are kept; false is off', () => {
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,loopback')).toBe('10.0.0.0/8,192.168.1.7,loopback');
    expect(parseTrustProxy('fd00::/8')).toBe('fd00::/8');
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('a hop count trusts exactly that many hops from the right', () => {
    const trust = fastifyTrustProxy(1) as (a: string, i: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });
});

describe('closing body schemas', () => {
  const ajv = new Ajv({ removeAdditional: true, strict: false });
  const run = (schema: object, data: unknown) => {
    const validate = ajv.compile(closeBodySchema(schema) as object);
    return { ok: validate(data), data };
  };

  it('strips unknown fields at every level, keeps free-form maps', () => {
    const schema = Type.Object({
      name: Type.String(),
      nested: Type.Optional(Type.Union([Type.Object({ a: Type.String() }), Type.Null()])),
      metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      items: Type.Optional(Type.Array(Type.Object({ k: Type.String() }))),
    });
    const { ok, data } = run(schema, {
      name: 'x',
      id: 'forged',
      nested: { a: '1', b: 2 },
      metadata: { free: 1 },
      items: [{ k: 'v', extra: 1 }],
    });
    expect(ok).toBe(true);
    expect(data).toEqual({ name: 'x', nested: { a: '1' }, metadata: { free: 1 }, items: [{ k: 'v' }] });
  });

  it('leaves unions of several objects and explicit choices alone', () => {
    const union = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]);
    expect(run(union, { b: 'x' }).ok).toBe(true);
    const open = Type.Object({ a: Type.String() }, { additionalProperties: true });
    expect(run(open, { a: '1', z: 2 }).data).toEqual({ a: '1', z: 2 });
  });
});

describe('JSON depth', () => {
  it('walks iteratively and finds nesting beyond the limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonTooDeep(deep)).toBe(true);
    let ok: unknown = { a: 1 };
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) ok = { c: ok };
    expect(jsonTooDeep(ok)).toBe(false);
  });
});

describe('dependency errors and safe logging', () => {
  const queryError = (cause: object) =>
    Object.assign(
      new Error(
        'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: bob@example.com,$argon2id$secret',
      ),
      {
        query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
        params: ['bob@example.com', '$argon2id$secret'],
        cause,
      },
    );

  it('classifies PostgreSQL and Redis outages', () => {
    expect(
      unavailableDependency(queryError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))),
    ).toBe('database');
    expect(unavailableDependency(queryError(new Error('Connection terminated unexpectedly')))).toBe('database');
    expect(
      unavailableDependency(
        queryError(Object.assign(new Error('canceling statement'), { code: '57014', severity: 'ERROR' })),
      ),
    ).toBe('database');
    expect(
      unavailableDependency(
        Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
      ),
    ).toBe('redis');
    expect(unavailableDependency(new Error('Command timed out'))).toBe('redis');
    expect(
      unavailableDependency(queryError(Object.assign(new Error('dup'), { code: '23505', severity: 'ERROR' }))),
    ).toBeUndefined();
    expect(unavailableDependency(new Error('boom'))).toBeUndefined();
  });

  it('logs a failed query by statement and code, never its parameters or message', () => {
    const err = queryError(
      Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (email)=(bob@example.com) already exists.',
        table: 'users',
        constraint: 'users_email_unique',
      }),
    );
    const logged = JSON.stringify(safeErrorSerializer(err));
    expect(logged).not.toContain('bob@example.com');
    expect(logged).not.toContain('argon2');
    expect(JSON.parse(logged)).toMatchObject({
      statement: 'insert "users"',
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
    });
    expect(statementName('select "id" from "components" where "id" = $1')).toBe('select "components"');
  });
});
