// Runs the dagre layout in a Web Worker and answers the latest positions; an older answer that arrives
// after a newer request (the filter changed meanwhile) is dropped.
import { useEffect, useRef, useState } from 'react';
import type { LayoutInput, LayoutOutput } from './layout';

export type LayoutState =
  { status: 'pending' } | { status: 'done'; layout: LayoutOutput } | { status: 'error'; message: string };

export function useGraphLayout(input: LayoutInput | undefined): LayoutState {
  const workerRef = useRef<Worker | undefined>(undefined);
  const seqRef = useRef(0);
  const [state, setState] = useState<LayoutState>({ status: 'pending' });

  useEffect(() => {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module', name: 'graph-layout' });
    workerRef.current = worker;
    return () => {
      worker.terminate();
      workerRef.current = undefined;
    };
  }, []);

  useEffect(() => {
    const worker = workerRef.current;
    if (!worker || !input) return;
    const seq = ++seqRef.current;
    setState((s) => (s.status === 'done' ? s : { status: 'pending' }));
    const onMessage = (event: MessageEvent<(LayoutOutput & { seq: number }) | { seq: number; error: string }>) => {
      if (event.data.seq !== seqRef.current) return;
      if ('error' in event.data) setState({ status: 'error', message: event.data.error });
      else setState({ status: 'done', layout: event.data });
    };
    worker.addEventListener('message', onMessage);
    worker.postMessage({ ...input, seq });
    return () => worker.removeEventListener('message', onMessage);
  }, [input]);

  return state;
}
