import { FakeNotifyWebhook } from '../fakes/ports/notify-webhook.fake.js';
import { notifyWebhookContract } from './notify-webhook.contract.js';

notifyWebhookContract('in-memory fake', async () => {
  const fakes: FakeNotifyWebhook[] = [];
  return {
    async answering(statusCode) {
      const port = new FakeNotifyWebhook();
      port.statusCode = statusCode;
      fakes.push(port);
      return port;
    },
    received: () => fakes.flatMap((f) => f.sent),
    async silent() {
      const port = new FakeNotifyWebhook();
      port.mode = 'silent';
      return port;
    },
    unreachable() {
      const port = new FakeNotifyWebhook();
      port.mode = 'down';
      return port;
    },
  };
});
