import { ECRClient } from '@aws-sdk/client-ecr';
import { awsError } from '../aws.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../http.js';

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
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS, connectionTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS },
  });
}

const NOT_FOUND = new Set(['RepositoryNotFoundException', 'ImageNotFoundException', 'RegistryNotFoundException']);

/** Maps an SDK failure to the service's typed errors: the shared AWS mapping (decision 516) with ECR's not-found names. */
export function ecrError(err: unknown, what = 'repository or image'): Error {
  return awsError(ECR_SYSTEM, err, { names: NOT_FOUND, what });
}
