// The typed API client: every call the portal makes goes through `api` (openapi-fetch over the generated
// schema.d.ts), wrapped by TanStack Query hooks in ./queries. It adds the in-memory access token and the
// organization header, and on a 401 refreshes once through the cookie and repeats the request.
import createClient from 'openapi-fetch';
import { organization } from './organization';
import type { paths } from './schema';
import { refresh, session } from './session';

function withContext(request: Request): Request {
  const token = session.getToken();
  if (token) request.headers.set('authorization', `Bearer ${token}`);
  const org = organization.get();
  if (org) request.headers.set('x-organization-id', org);
  return request;
}

/** fetch with the session: one silent refresh and one retry when the access token was refused. */
export async function sessionFetch(request: Request): Promise<Response> {
  const retry = request.clone();
  const hadToken = session.getToken() !== undefined;
  const res = await fetch(withContext(request));
  if (res.status !== 401 || !hadToken) return res;
  if (!(await refresh())) return res;
  return fetch(withContext(retry));
}

export const api = createClient<paths>({ baseUrl: '', fetch: sessionFetch });

/** An API answer that was not 2xx, with the envelope's message (a 503 names the failing dependency). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Unwraps an openapi-fetch result: the data, or an ApiError carrying the server's own message. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const message = (result.error as { message?: unknown } | undefined)?.message;
  throw new ApiError(
    result.response.status,
    typeof message === 'string' ? message : `The server answered ${result.response.status}`,
  );
}
