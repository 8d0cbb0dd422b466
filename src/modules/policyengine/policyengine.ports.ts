/** What the policy-engine module needs from a policy server (OPA implements it). */
export interface PolicyEnginePort {
  /** The server's base URL, shown by the status endpoint. */
  readonly url: string;
  /** True when the server answers its health check. Never throws. */
  reachable(signal?: AbortSignal): Promise<boolean>;
  /**
   * Evaluates the decision at `path` (slash-separated, under `/v1/data`) with `input`.
   * `defined: false` when the policy produced no result. 503 when the server is unreachable.
   */
  evaluate(
    path: string,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<{ defined: boolean; result: unknown }>;
}
