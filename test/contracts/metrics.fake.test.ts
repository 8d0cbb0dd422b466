import { FakeMetrics } from '../fakes/ports/metrics.fake.js';
import { metricsContract } from './metrics.contract.js';

metricsContract('in-memory fake', async () => {
  const port = new FakeMetrics();
  const now = Math.floor(Date.now() / 1000);
  port.series.set('istio_requests_total', [
    {
      metric: { response_code: '200' },
      values: [
        [now - 15, '10'],
        [now, '12'],
      ],
    },
  ]);
  return {
    port,
    metric: 'istio_requests_total',
    unreachable() {
      const down = new FakeMetrics();
      down.up = false;
      return down;
    },
  };
});
