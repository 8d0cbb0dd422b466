import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

/**
 * Route validators and serializers compiled on a route's first use instead of at start.
 *
 * Compiling the ~200 routes' request validators (Ajv) and response serializers (fast-json-stringify)
 * up front was most of the start time (about 1.3 s of CPU) and held memory for routes a process may
 * never serve. Each compiles once, on the first request that needs it (a few milliseconds).
 * `compileDeferredSchemas` compiles everything still pending, so a test can prove every schema
 * compiles without waiting for traffic.
 */
const pending = new Set<() => void>();

/**
 * One app's deferred schemas: `dispose` (on the app's close) drops those never compiled, so a process
 * that builds many apps (a test worker) never compiles, nor keeps, a closed app's schemas (decision 928).
 */
export function createSchemaScope() {
  const own = new Set<() => void>();
  return {
    own,
    dispose() {
      for (const force of own) pending.delete(force);
      own.clear();
    },
  };
}
type SchemaScope = ReturnType<typeof createSchemaScope>;

function deferred<F extends (...args: never[]) => unknown>(compile: () => F, scope?: SchemaScope): { get(): F } {
  let compiled: F | undefined;
  const force = () => {
    compiled ??= compile();
    pending.delete(force);
    scope?.own.delete(force);
  };
  pending.add(force);
  scope?.own.add(force);
  return {
    get() {
      if (!compiled) force();
      return compiled!;
    },
  };
}

/** Wraps a validator compiler; Fastify reads a failed validation's `errors` off the function itself. */
export function lazyValidatorCompiler(
  compile: FastifySchemaCompiler<unknown>,
  scope?: SchemaScope,
): FastifySchemaCompiler<unknown> {
  return (route) => {
    const validator = deferred(() => compile(route) as (data: unknown) => unknown, scope);
    const validate = ((data: unknown) => {
      const inner = validator.get() as ((data: unknown) => unknown) & { errors?: unknown };
      const result = inner(data);
      validate.errors = inner.errors;
      return result;
    }) as ((data: unknown) => unknown) & { errors?: unknown };
    return validate as ReturnType<FastifySchemaCompiler<unknown>>;
  };
}

/** Fastify's own serializer factory (fast-json-stringify, shared `$id` schemas), made lazy per route. */
export function lazySerializerFactory(scope?: SchemaScope) {
  const build = SerializerSelector();
  return (externalSchemas: unknown, options: unknown): FastifySerializerCompiler<unknown> => {
    const compile = build(externalSchemas as never, options as never) as unknown as FastifySerializerCompiler<unknown>;
    return (route) => {
      const serializer = deferred(() => compile(route) as (data: unknown) => string, scope);
      return (data: unknown) => serializer.get()(data);
    };
  };
}

/** Compiles every validator and serializer not compiled yet; throws the first schema that fails. */
export function compileDeferredSchemas(): number {
  let n = 0;
  for (const force of [...pending]) {
    force();
    n++;
  }
  return n;
}
