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

/** What one probe of a route saw: the status (null: no answer, in time or at all) and how long it took. */
export interface RouteProbeResult {
  statusCode: number | null;
  latencyMs: number;
}
/** A light GET of a route through its gateway's proxy (decision 513). Never throws, except for an aborted signal. */
export interface RouteProbePort {
  probe(url: string, signal?: AbortSignal): Promise<RouteProbeResult>;
}
