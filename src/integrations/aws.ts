import { NotFound, Unavailable } from '../kernel/errors.js';
import { upstreamError } from './http.js';

/** SDK error names that mean the credentials were refused, whatever the HTTP status. */
const REFUSED = new Set(['UnrecognizedClientException', 'InvalidSignatureException', 'AccessDeniedException']);

/**
 * An AWS SDK failure as the service's typed errors (decision 516), for ECR and API Gateway alike:
 * the exception names in `notFound` are 404 (`<system>: <what> not found`); refused credentials are
 * `UpstreamRefused` (502); a credentials provider that found none is 401's mapping; any other HTTP
 * status is mapped as `HttpClient` maps it; no status at all (unreachable, timed out, aborted) is
 * 503. The upstream message is never quoted (it may carry ARNs and account ids).
 */
export function awsError(
  system: string,
  err: unknown,
  notFound: { names: ReadonlySet<string>; what: string } | undefined = undefined,
): Error {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  if (notFound && e?.name && notFound.names.has(e.name)) return new NotFound(`${system}: ${notFound.what} not found`);
  if (e?.name && REFUSED.has(e.name)) return upstreamError(system, 403);
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 400) return upstreamError(system, status);
  if (e?.name === 'CredentialsProviderError') return upstreamError(system, 401);
  return new Unavailable(`${system} is unreachable`);
}
