/**
 * Recognises failures of the service's own dependencies (PostgreSQL, Redis) however a driver
 * reports them, so every route answers 503 for an outage instead of 500, and errors are logged
 * without what a query carried (password hashes, e-mail addresses).
 */
export type Dependency = 'database' | 'redis';

// PostgreSQL SQLSTATEs that mean "the server cannot serve this now": connection exceptions (08),
// shutdown or crash recovery (57P01-57P03), too many connections (53300), a statement cancelled by
// statement_timeout (57014), and transient conflicts a retry resolves (40001, 40P01).
const PG_UNAVAILABLE = /^(08...|57P0[123]|53300|53100|57014|40001|40P01)$/;

const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
  'Connection terminated due to connection timeout',
];

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
]);

const REDIS_MESSAGES = [
  'Connection is closed',
  'Command timed out',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'Connection in subscriber mode',
];

interface Shaped {
  name?: string;
  message?: string;
  code?: unknown;
  cause?: unknown;
  query?: unknown;
  params?: unknown;
  severity?: unknown;
}

function* chain(err: unknown): Generator<Shaped> {
  let e = err as Shaped | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++, e = e.cause as Shaped | undefined) yield e;
}

/** Whether `err` came from a database query (drizzle wraps the driver's error with the query and its parameters). */
const isQueryError = (e: Shaped) => typeof e.query === 'string' && 'params' in e;
const isPgServerError = (e: Shaped) =>
  typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string';

/** The dependency whose outage caused `err`, or undefined when it is something else. */
export function unavailableDependency(err: unknown): Dependency | undefined {
  let fromQuery = false;
  for (const e of chain(err)) {
    if (isQueryError(e)) fromQuery = true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (e.name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((m) => message.startsWith(m))) return 'redis';
    if (typeof e.code === 'string' && PG_UNAVAILABLE.test(e.code) && (fromQuery || isPgServerError(e)))
      return 'database';
    if (PG_CONNECTION_MESSAGES.some((m) => message.includes(m))) return 'database';
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return fromQuery ? 'database' : 'redis';
  }
  return undefined;
}

export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  database: 'The database is unavailable; try again shortly',
  redis: 'Redis is unavailable; try again shortly',
};

/** `insert into "users"`, `select … from "components"`: which statement failed, without values or columns. */
export function statementName(query: string): string {
  const q = query.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(q)?.[1]?.toLowerCase() ?? 'query';
  const target =
    verb === 'insert'
      ? /^insert into ("?[\w.]+"?)/i.exec(q)?.[1]
      : verb === 'update'
        ? /^update ("?[\w.]+"?)/i.exec(q)?.[1]
        : /\bfrom ("?[\w.]+"?)/i.exec(q)?.[1];
  return target ? `${verb} ${target}` : verb;
}

const stripMessageFromStack = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');

/** What pino's own serializer keeps of an error, plus its cause (serialized the same careful way). */
function plainError(err: Error): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack,
  };
  for (const [key, value] of Object.entries(err)) {
    if (key in out || key === 'cause' || key === 'params' || key === 'query' || key === 'detail') continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  if (err.cause !== undefined) out.cause = safeErrorSerializer(err.cause);
  return out;
}

/**
 * The `err` serializer of every log line. A database error is logged by its statement name, its
 * SQLSTATE and the table/constraint it names, never by its message, detail or parameters (which
 * hold password hashes, e-mail addresses or the rejected value); anything else as pino would.
 */
export function safeErrorSerializer(err: unknown): unknown {
  if (!err || typeof err !== 'object') return err;
  const links = [...chain(err)];
  const query = links.find(isQueryError);
  const pg = links.find((e) => isPgServerError(e));
  if (!query && !pg) return plainError(err as Error);
  const pgFields = pg as (Shaped & { table?: string; constraint?: string; routine?: string }) | undefined;
  const network = links.find((e) => typeof e.code === 'string' && NETWORK_CODES.has(e.code));
  const connection = links.find(
    (e) => typeof e.message === 'string' && PG_CONNECTION_MESSAGES.some((m) => e.message!.includes(m)),
  );
  return {
    type: 'DatabaseError',
    message: 'database query failed',
    statement: query ? statementName(query.query as string) : undefined,
    code: pgFields?.code ?? network?.code ?? (connection ? 'connection' : undefined),
    reason: connection && !pgFields ? connection.message : undefined,
    table: pgFields?.table,
    constraint: pgFields?.constraint,
    routine: pgFields?.routine,
    stack: stripMessageFromStack((err as Error).stack),
  };
}
