import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { awsError } from '../aws.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../http.js';

export const APIGW_SYSTEM = 'Amazon API Gateway';

export interface ApiGatewaySettings {
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `AWS_ENDPOINT_URL_API_GATEWAY`. */
  endpoint?: string;
}

/** The SDK client with explicit credentials when given (else the default chain: instance role, …). */
export function createApiGatewayClient(s: ApiGatewaySettings): APIGatewayClient {
  return new APIGatewayClient({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey
      ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
      : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS, connectionTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS },
  });
}

/** Maps an SDK failure to the service's typed errors (the shared AWS mapping, decision 516). */
export const apiGatewayError = (err: unknown): Error => awsError(APIGW_SYSTEM, err);
