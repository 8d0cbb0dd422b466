/**
 * What the webhooks module needs from the receivers' side of the network (decision 1040): whether a
 * URL may be called, and one signed POST. The composition root fills it with the HTTP adapter
 * (src/integrations/webhook-receivers/), which applies the outbound address policy; tests hand a fake.
 */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** The attempt's limit; past it the answer is `timeout` (WEBHOOK_TIMEOUT_MS, default 10 s). */
  timeoutMs: number;
}

/**
 * How one POST ended; never thrown. `refused`: the address policy stopped it before any request
 * was made (a private address at delivery time: DNS can change, decision 1041).
 */
export type WebhookPostResult =
  | { kind: 'answered'; status: number; /** The first kilobyte of the body; the rest is not read. */ body: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'timeout' }
  | { kind: 'unreachable'; reason: string };

export interface WebhookTransport {
  /** The URL normalised when the address policy lets it be called now; a 400 (`Invalid`) naming `url` otherwise. */
  admit(url: string): Promise<string>;
  post(request: WebhookPost): Promise<WebhookPostResult>;
}

/** The most of a response body kept with a delivery. */
export const RESPONSE_KEEP_BYTES = 1024;
