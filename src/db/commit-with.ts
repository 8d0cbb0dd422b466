import type pg from 'pg';

/**
 * A drizzle database or transaction: client.ts's `Executor`, not imported from there because client.ts
 * imports this file (the conventions test allows no import circle, type-only imports included).
 */
type Executor = object;

/**
 * A statement sent with its transaction's COMMIT, in one round trip (decision 1205).
 *
 * The audit record of a write is inserted in the write's transaction, and nothing in that transaction
 * reads it back: on PostgreSQL it is held until drizzle sends the transaction's COMMIT, then both go
 * in one message batch (Bind/Execute of the statement, Parse/Bind/Execute of COMMIT, one Sync). If the
 * statement fails, PostgreSQL skips the COMMIT up to the Sync and answers the error: drizzle rolls the
 * transaction back and the write fails, exactly as if the statement had failed on its own round trip.
 */
interface DeferredStatement {
  /** A named statement: parsed once per connection, then only bound. */
  name: string;
  text: string;
  values: unknown[];
  /** Told once the statement has run: after the COMMIT when it went with it, else at once. */
  onSent?: () => void;
}

/** Pooled connections whose COMMIT can carry a statement (those guarded by `openPostgres`). */
const batchable = new WeakSet<object>();
/** The statement waiting for each connection's COMMIT. */
const waiting = new WeakMap<object, DeferredStatement>();

type Send = (...args: unknown[]) => unknown;
type QueryClass = typeof pg.Query;

const textOf = (config: unknown) => (typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text);

/** The connection under a top-level node-postgres transaction, or undefined (PGlite, a savepoint, no transaction). */
function connectionOf(tx: Executor): object | undefined {
  const t = tx as unknown as { session?: { client?: object }; nestedIndex?: number };
  const client = t.session?.client;
  return t.nestedIndex === 0 && client && batchable.has(client) ? client : undefined;
}

/**
 * Sends `statement` with the COMMIT of `tx` when `tx` is a top-level transaction on a pooled
 * PostgreSQL connection; otherwise runs it now with `runNow`. A second statement in the same
 * transaction sends the first one now (only the last one waits), so statements keep their order.
 */
export async function withCommit(
  tx: Executor,
  statement: DeferredStatement,
  runNow: () => Promise<void>,
): Promise<void> {
  const client = connectionOf(tx);
  if (!client) {
    await runNow();
    statement.onSent?.();
    return;
  }
  const earlier = waiting.get(client);
  waiting.set(client, statement);
  if (earlier) {
    await (client as pg.Client).query({ name: earlier.name, text: earlier.text, values: earlier.values });
    earlier.onSent?.();
  }
}

/**
 * Plugged into a guarded connection's `query`: a COMMIT with a statement waiting is sent with it
 * (answers the COMMIT's result); BEGIN and ROLLBACK drop what waits (a rolled-back transaction's
 * statement is never sent). Answers undefined when the query goes its ordinary way.
 */
export function commitBatcher(Query: QueryClass) {
  /** The waiting statement's Bind/Execute, then COMMIT's, then one Sync. */
  class StatementThenCommit extends Query {
    _getRows(connection: pg.Connection, rows?: number) {
      const c = connection as unknown as {
        execute(o: object): void;
        parse(o: object): void;
        bind(o: object): void;
        sync(): void;
      };
      c.execute({ portal: '', rows });
      c.parse({ text: 'COMMIT', types: [] });
      c.bind({ portal: '', statement: '', values: [] });
      c.execute({ portal: '', rows: 0 });
      c.sync();
    }
  }
  return {
    register(client: object) {
      batchable.add(client);
    },
    /** `args` are the COMMIT's, after the deadline was set; `send` is the guarded `query`. */
    send(client: object, args: unknown[], send: Send): Promise<unknown> | undefined {
      const text = textOf(args[0]);
      if (typeof text !== 'string' || !waiting.has(client)) return undefined;
      if (/^\s*(begin|rollback)\b/i.test(text)) {
        waiting.delete(client);
        return undefined;
      }
      if (!/^\s*commit\s*$/i.test(text)) return undefined;
      const statement = waiting.get(client)!;
      waiting.delete(client);
      const query = new StatementThenCommit({ name: statement.name, text: statement.text, values: statement.values });
      const timeout = (args[0] as { query_timeout?: number }).query_timeout;
      if (timeout !== undefined) (query as unknown as { query_timeout: number }).query_timeout = timeout;
      return new Promise((resolve, reject) => {
        send(query, (err: Error | null, res: unknown) => {
          if (err) return reject(err);
          resolve(Array.isArray(res) ? res[res.length - 1] : res);
          statement.onSent?.();
        });
      });
    },
  };
}

export type CommitBatcher = ReturnType<typeof commitBatcher>;
