export type GatewayType = 'alpha' | 'beta';

/** A route as a gateway reports it. */
export interface UpstreamRoute {
  externalId: string;
  name: string;
  paths: string[];
  methods: string[];
  tags: string[];
  /** Where a health probe goes; null when the route cannot be probed. */
  probeUrl: string | null;
}

/** One API gateway (Kong = alpha, Amazon API Gateway = beta). Throws typed errors when unreachable or refusing. */
export interface GatewayAdapter {
  readonly type: GatewayType;
  listRoutes(signal?: AbortSignal): Promise<UpstreamRoute[]>;
}

export type HealthStatus = 'up' | 'degraded' | 'down';
