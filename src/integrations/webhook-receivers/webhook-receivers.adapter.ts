import { request, type Dispatcher } from 'undici';
import {
  RESPONSE_KEEP_BYTES,
  type WebhookPost,
  type WebhookPostResult,
  type WebhookTransport,
} from '../../modules/webhooks/webhooks.ports.js';
import { outboundDispatcher } from '../outbound/fetch.js';
import { checkHttpUrl, OutboundRefused, type OutboundRules, type Resolver, dnsResolver } from '../outbound/policy.js';

/**
 * Webhook receivers over HTTP (decision 1040): every POST goes through the outbound policy's pinned
 * dispatcher, so the address is checked again at connect time with the same resolver that admitted
 * the URL (decision 1041); redirects are answered as they are (a 3xx is a failure, never followed).
 * `undici.request` on that keep-alive agent, not `fetch`: no WHATWG streams per delivery (decision 1110).
 * `resolver` is injectable so a test can make a name change its address between creation and delivery.
 */
export class HttpWebhookTransport implements WebhookTransport {
  private readonly outbound: ReturnType<typeof outboundDispatcher>;

  constructor(
    private readonly rules: OutboundRules,
    private readonly resolver: Resolver = dnsResolver,
  ) {
    this.outbound = outboundDispatcher(rules, resolver);
  }

  async admit(url: string): Promise<string> {
    return (await checkHttpUrl(this.rules, url, 'url', this.resolver)).url.href;
  }

  async post({ url, headers, body, timeoutMs }: WebhookPost): Promise<WebhookPostResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // A literal address never reaches the resolver: it is decided before connecting.
      const target = this.outbound.check(url);
      const res = await request(target, {
        method: 'POST',
        headers,
        body,
        signal,
        dispatcher: this.outbound.dispatcher,
      });
      return { kind: 'answered', status: res.statusCode, body: await readCapped(res.body) };
    } catch (err) {
      return failureOf(err, signal);
    }
  }
}

function failureOf(err: unknown, signal: AbortSignal): WebhookPostResult {
  const e = err as Error & { code?: string; cause?: Error & { code?: string } };
  if (signal.aborted || e.name === 'TimeoutError') return { kind: 'timeout' };
  // A literal address is refused before connecting; a name once resolved, from inside the connection's lookup.
  if (e instanceof OutboundRefused) return { kind: 'refused', reason: e.message };
  if (e.code === 'EOUTBOUNDREFUSED') return { kind: 'refused', reason: e.message };
  if (e.cause?.code === 'EOUTBOUNDREFUSED') return { kind: 'refused', reason: e.cause.message };
  return { kind: 'unreachable', reason: String(e.code || e.cause?.code || e.message).slice(0, 500) };
}

/**
 * The first kilobyte of the response. A body read to its end leaves the connection to the agent for
 * the next delivery; a longer one is not read further (its connection is closed).
 */
async function readCapped(body: Dispatcher.ResponseData['body']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_KEEP_BYTES) break; // leaving the loop destroys the rest
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_KEEP_BYTES).toString('utf8');
}
