import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpWebhookTransport } from '../../src/integrations/webhook-receivers/webhook-receivers.adapter.js';
import { webhookTransportContract, type ReceivedPost } from './webhook-transport.contract.js';

// A local receiver: `/<status>?body=…` answers that status, `/silent` never answers. Only its literal
// address is listed; `rebind.example.test` resolves through the injected resolver (decision 1041).
webhookTransportContract('HTTP adapter against a local receiver', async () => {
  const received: ReceivedPost[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      received.push({ path: url.pathname, headers: req.headers, body: data });
      if (url.pathname === '/silent') return;
      const status = Number(url.pathname.slice(1)) || 200;
      res
        .writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/elsewhere' } : {})
        .end(url.searchParams.get('body') ?? '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  let rebound = false;
  const resolver = async (host: string) =>
    host === 'rebind.example.test' ? [rebound ? '127.0.0.1' : '93.184.215.14'] : [];
  const transport = new HttpWebhookTransport(
    { allowedHosts: ['127.0.0.1'], allowKinds: [], setting: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS' },
    resolver,
  );
  return {
    transport,
    answering: (status, body = '') => `http://127.0.0.1:${port}/${status}?body=${encodeURIComponent(body)}`,
    silent: () => `http://127.0.0.1:${port}/silent`,
    unreachable: () => 'http://127.0.0.1:1/hook',
    rebinding: () => ({ url: `http://rebind.example.test:${port}/200`, turnPrivate: () => (rebound = true) }),
    received: () => received,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
});
