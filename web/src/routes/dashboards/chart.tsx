// Time series drawn with uPlot (canvas, ~22 kB gzipped) in its own lazy chunk, loaded only when a
// dashboard shows a chart. ECharts' core alone is ~170 kB gzipped, over the 150 kB a route's chunk
// may weigh (decision 746).
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../lib/theme';

export interface Series {
  /** Unix seconds. */
  x: number[];
  y: number[];
  kind: 'line' | 'bars';
  unit?: string;
  yRange?: [number, number];
}

const cssVar = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/** One chart; `label` is its accessible name, `summary` the text read instead of the drawing. */
export function Chart({ series, label, summary }: { series: Series; label: string; summary: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const text = cssVar('--muted-foreground', '#475569');
    const grid = cssVar('--border', '#e2e8f0');
    const colour = cssVar('--primary', '#4338ca');
    const axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      font: '11px system-ui, sans-serif',
    };
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 120),
        height: 160,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, ...(series.yRange ? { y: { range: series.yRange } } : {}) },
        axes: [axis, { ...axis, size: 44, values: (_u, splits) => splits.map((v) => `${v}${series.unit ?? ''}`) }],
        series: [
          {},
          series.kind === 'bars'
            ? { stroke: colour, fill: colour, paths: uPlot.paths.bars!({ size: [0.7, 40] }), points: { show: false } }
            : { stroke: colour, width: 2, points: { show: false } },
        ],
      },
      [series.x, series.y],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 120), height: 160 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, theme]);
  return (
    <figure className="grid gap-1" aria-label={label}>
      <div ref={ref} aria-hidden className="min-h-40 w-full overflow-hidden" />
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
