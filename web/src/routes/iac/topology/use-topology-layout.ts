import { useEffect, useState } from 'react';
import type { TopologyLayout } from './topology-layout';
import type { TopologyModel } from './topology-model';

/** The positions of a large topology, computed in a Web Worker (decision 764); undefined until they arrive. */
export function useTopologyLayout(model: TopologyModel | undefined, enabled: boolean): TopologyLayout | undefined {
  const [layout, setLayout] = useState<{ model: TopologyModel; layout: TopologyLayout }>();
  useEffect(() => {
    if (!model || !enabled) return;
    const worker = new Worker(new URL('./topology-layout.worker.ts', import.meta.url), {
      type: 'module',
      name: 'topology-layout',
    });
    worker.onmessage = (event: MessageEvent<TopologyLayout>) => {
      setLayout({ model, layout: event.data });
      worker.terminate();
    };
    // The edges are copied, not transferred: the model keeps its own for the details panel.
    worker.postMessage({ seq: 1, count: model.nodes.length, edges: model.edges.slice() });
    return () => worker.terminate();
  }, [model, enabled]);
  return layout && layout.model === model ? layout.layout : undefined;
}
