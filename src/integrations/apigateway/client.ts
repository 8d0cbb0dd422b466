import { APIGatewayClient } from '@aws-sdk/client-api-gateway';
import { Unavailable } from '../../kernel/errors.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, upstreamError } from '../http.js';

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
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    maxAttempts: 1,
    requestHandler: { requestTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS, connectionTimeout: DEFAULT_UPSTREAM_TIMEOUT_MS },
  });
}

export function apiGatewayError(err: unknown): Error {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = e?.$metadata?.httpStatusCode;
  if (e?.name === 'UnrecognizedClientException' || e?.name === 'AccessDeniedException' || e?.name === 'InvalidSignatureException')
    return upstreamError(APIGW_SYSTEM, 403);
  if (typeof status === 'number' && status >= 400) return upstreamError(APIGW_SYSTEM, status);
  if (e?.name === 'CredentialsProviderError') return upstreamError(APIGW_SYSTEM, 401);
  return new Unavailable(`${APIGW_SYSTEM} is unreachable`);
}
