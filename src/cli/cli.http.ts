import { CliError, EXIT } from './cli.errors.js';
import type { Connection } from './cli.config.js';

/** How long one call may take: a registration of a large location clones a repository. */
const TIMEOUT_MS = 60_000;

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** Why fetch failed, in words (Node puts the system's reason on `cause`). */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if ((err as Error)?.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS / 1000} s`;
  const codes: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'unknown host',
    EAI_AGAIN: 'host name lookup failed',
    ECONNRESET: 'connection reset',
    ETIMEDOUT: 'connection timed out',
    EHOSTUNREACH: 'host unreachable',
  };
  return (
    (cause?.code && codes[cause.code]) ||
    cause?.code ||
    cause?.message ||
    (err instanceof Error ? err.message : 'request failed')
  );
}

/**
 * One call to the Hangar API with the token (and organization, when set). A status in `accept` is
 * the caller's to read; any other non-2xx answer is one line with the server's own message: exit 1
 * for statuses in `findings` (a descriptor the server refused), 2 otherwise.
 */
export async function callApi<T = unknown>(
  conn: Connection,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  opts: { accept?: number[]; findings?: number[] } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${conn.token}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (conn.organization) headers['x-organization-id'] = conn.organization;
  let res: Response;
  try {
    res = await fetch(`${conn.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    throw new CliError(`cannot reach Hangar at ${conn.url}: ${networkReason(err)}`);
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (a proxy's error page): the status says enough
  }
  if ((res.status >= 200 && res.status < 300) || opts.accept?.includes(res.status))
    return { status: res.status, body: parsed as T };
  const message = (parsed as { message?: unknown } | undefined)?.message;
  const said = typeof message === 'string' ? message.split('\n')[0]!.slice(0, 400) : res.statusText || 'no message';
  if (res.status === 401)
    throw new CliError(`Hangar refused the token (401: ${said}): run hangar login again or check HANGAR_TOKEN`);
  if (res.status === 403) throw new CliError(`Hangar refused (403): ${said}`);
  if (res.status >= 300 && res.status < 400)
    throw new CliError(`Hangar at ${conn.url} answered a redirect (${res.status}): give its final address`);
  throw new CliError(
    `Hangar answered ${res.status}: ${said}`,
    opts.findings?.includes(res.status) ? EXIT.finding : EXIT.usage,
  );
}
