// The graph layout's worker: one message in (nodes, edges, direction, a request number), one out.
import { computeLayout, type LayoutInput } from './layout';

self.onmessage = (event: MessageEvent<LayoutInput & { seq: number }>) => {
  const { seq, ...input } = event.data;
  try {
    self.postMessage({ seq, ...computeLayout(input) });
  } catch (err) {
    self.postMessage({ seq, error: err instanceof Error ? err.message : 'layout failed' });
  }
};
