import { FakeWebhookTransport } from '../fakes/ports/webhook-transport.fake.js';
import { webhookTransportContract } from './webhook-transport.contract.js';

webhookTransportContract('in-memory fake', async () => {
  const fake = new FakeWebhookTransport({
    allowedHosts: ['receiver.test'],
    allowKinds: [],
    setting: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
  });
  fake.hosts.set('receiver.test', '127.0.0.1');
  fake.hosts.set('rebind.example.test', '93.184.215.14');
  let n = 0;
  const path = () => `http://receiver.test/r${++n}`;
  return {
    transport: fake,
    answering(status, body = '') {
      const url = path();
      fake.answers.set(url, { status, body });
      return url;
    },
    silent() {
      const url = path();
      fake.answers.set(url, 'silent');
      return url;
    },
    unreachable: () => path(),
    rebinding() {
      const url = 'http://rebind.example.test/hook';
      fake.answers.set(url, { status: 200, body: '' });
      return { url, turnPrivate: () => fake.hosts.set('rebind.example.test', '127.0.0.1') };
    },
    received: () => fake.posts.map((p) => ({ path: new URL(p.url).pathname, headers: p.headers, body: p.body })),
  };
});
