import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookNotifyAdapter } from '../../src/integrations/webhook/webhook.adapter.js';
import type { NotifyWebhookPayload } from '../../src/modules/pipelines/pipelines.ports.js';
import { notifyWebhookContract } from './notify-webhook.contract.js';

// A local HTTP listener: `/<status>` answers that status, `/silent` never answers.
notifyWebhookContract('HTTP webhook adapter against a local listener', async () => {
  const received: NotifyWebhookPayload[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      if (req.headers['content-type'] === 'application/json' && req.method === 'POST') received.push(JSON.parse(data));
      if (req.url === '/silent') return;
      const status = Number(req.url!.slice(1));
      res.writeHead(status, status === 302 ? { location: 'http://127.0.0.1:1/' } : {}).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    answering: async (status) => new WebhookNotifyAdapter(`${base}/${status}`),
    received: () => received,
    silent: async () => new WebhookNotifyAdapter(`${base}/silent`, 200),
    unreachable: () => new WebhookNotifyAdapter('http://127.0.0.1:1/hook'),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
});
