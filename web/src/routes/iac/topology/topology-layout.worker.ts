// Lays out a large topology off the main thread (decision 764); positions come back as transferred buffers.
import { layoutTopology, type TopologyLayoutInput } from './topology-layout';

self.onmessage = (event: MessageEvent<TopologyLayoutInput & { seq: number }>) => {
  const { seq, ...input } = event.data;
  const layout = layoutTopology(input);
  self.postMessage({ seq, ...layout }, { transfer: [layout.x.buffer, layout.y.buffer] });
};
