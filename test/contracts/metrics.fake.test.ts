import { FakeMetrics } from '../fakes/ports/metrics.fake.js';
import { metricsContract } from './metrics.contract.js';

metricsContract('in-memory fake', async () => {
  const port = new FakeMetrics();
  const now = Math.floor(Date.now() / 1000);
  const values: [number, string][] = [
    [now - 15, '10'],
    [now, '12'],
  ];
  // Keyed by the label filter the PromQL carries: another service has no samples, as in a real store.
  port.series.set('destination_service_name="reviews"', [{ metric: {}, values }]);
  port.series.set('deployment="web"', [{ metric: {}, values }]);
  return {
    port,
    service: { service: 'reviews', namespace: 'bookinfo' },
    deployment: { deployment: 'web', namespace: 'emojivoto' },
    unreachable() {
      const down = new FakeMetrics();
      down.up = false;
      return down;
    },
  };
});
