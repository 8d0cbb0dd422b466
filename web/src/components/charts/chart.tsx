// Charts, loaded on the pages that draw one: ECharts (tree-shaken `echarts/core`) is its own lazy chunk.
// The canvas is an image to assistive technology (`role=img` with a summary); the numbers behind every
// chart are also shown as text or a table beside it.
import { lazy, Suspense } from 'react';
import type { ChartProps } from './echart';

const EChart = lazy(() => import('./echart'));

export type { ChartProps } from './echart';

export function Chart(props: ChartProps) {
  return (
    <Suspense
      fallback={
        <div
          className="animate-pulse rounded-md bg-muted motion-reduce:animate-none"
          style={{ height: props.height ?? 220 }}
        />
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}
