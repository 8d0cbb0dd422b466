import { checkHttpUrl, type OutboundRules } from '../../../src/integrations/outbound/policy.js';
import type { WebhookPost, WebhookPostResult, WebhookTransport } from '../../../src/modules/webhooks/index.js';

type Answer = { status: number; body: string } | 'silent' | 'down';

/**
 * Receivers in memory: the outbound policy applied with a resolver of its own `hosts` map, at
 * admission and again at each post; held to test/contracts/webhook-transport.contract.ts.
 */
export class FakeWebhookTransport implements WebhookTransport {
  /** Host name → address, read at every admission and post (change it to move a name). */
  readonly hosts = new Map<string, string>();
  /** URL (without query) → how it answers; an unknown URL is `down`. */
  readonly answers = new Map<string, Answer>();
  readonly posts: WebhookPost[] = [];

  constructor(
    private readonly rules: OutboundRules = {
      allowedHosts: [],
      allowKinds: [],
      setting: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
    },
  ) {}

  private readonly resolver = async (host: string) => {
    const address = this.hosts.get(host);
    return address ? [address] : [];
  };

  async admit(url: string): Promise<string> {
    return (await checkHttpUrl(this.rules, url, 'url', this.resolver)).url.href;
  }

  async post(request: WebhookPost): Promise<WebhookPostResult> {
    try {
      await this.admit(request.url);
    } catch (err) {
      return { kind: 'refused', reason: (err as Error).message };
    }
    const u = new URL(request.url);
    const answer = this.answers.get(`${u.origin}${u.pathname}`) ?? 'down';
    if (answer === 'down') return { kind: 'unreachable', reason: 'ECONNREFUSED' };
    this.posts.push(request);
    if (answer === 'silent') return { kind: 'timeout' };
    return { kind: 'answered', status: answer.status, body: answer.body.slice(0, 1024) };
  }
}
