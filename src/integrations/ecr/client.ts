import { ECRClient } from '@aws-sdk/client-ecr';
import { NotFound, Unavailable } from '../../kernel/errors.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, upstreamError } from '../http.js';

export const ECR_SYSTEM = 'Amazon ECR';

export interface EcrSettings {
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `AWS_ENDPOINT_URL_ECR`: a local or private endpoint answering the ECR JSON protocol. */
  endpoint?: string;
}

/** The AWS SDK's ECR client with the service's 10 s timeout and no retries of its own (callers decide). */
export function createEcrClient(s: EcrSettings): ECRClient {
  return new ECRClient({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS, connectionTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS },
  });
}

const NOT_FOUND = new Set(['RepositoryNotFoundException', 'ImageNotFoundException', 'RegistryNotFoundException']);

/** Maps an SDK failure to the service's typed errors (never quoting the upstream message, which may carry ARNs). */
export function ecrError(err: unknown, what = 'repository or image'): Error {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name && NOT_FOUND.has(e.name)) return new NotFound(`${ECR_SYSTEM}: ${what} not found`);
  const status = e?.$metadata?.httpStatusCode;
  if (e?.name === 'UnrecognizedClientException' || e?.name === 'InvalidSignatureException' || e?.name === 'AccessDeniedException')
    return upstreamError(ECR_SYSTEM, 403);
  if (typeof status === 'number' && status >= 400) return upstreamError(ECR_SYSTEM, status);
  return new Unavailable(`${ECR_SYSTEM} is unreachable`);
}
