import { FakeSearchClusters } from '../fakes/ports/search-cluster.fake.js';
import { searchClusterContract } from './search-cluster.contract.js';

searchClusterContract('in-memory fake', async () => {
  const port = new FakeSearchClusters();
  return {
    port,
    async cluster(indices) {
      const url = `http://es-${port.clusters.size}.example.test:9200`;
      port.clusters.set(url, indices);
      return url;
    },
    unreachableUrl: 'http://es-down.example.test:9200',
  };
});
