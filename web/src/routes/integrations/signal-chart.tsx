import type { ReactNode } from 'react';
import type { MESH_SIGNALS } from './mesh-queries';
import { Chart } from '../../components/charts/chart';

export type SignalSeries = { name: string; points: [number, number][] }[];

/** How the portal prints each golden signal of a mesh (keyed as MESH_SIGNALS). */
export const SIGNAL_FORMATS: Record<(typeof MESH_SIGNALS)[number]['id'], (v: number) => string> = {
  rps: (v) => `${v.toFixed(2)} req/s`,
  'error-rate': (v) => `${(v * 100).toFixed(2)} %`,
  latency: (v) => `${v.toFixed(0)} ms`,
};

/** One golden signal of a mesh over the chosen window, or a line saying the window holds no samples. */
export function SignalChart({
  label,
  chartLabel = label,
  summary,
  series,
  format,
}: {
  label: string;
  /** The chart's accessible name, before its point count. */
  chartLabel?: string;
  /** Shown beside the caption (e.g. the last value). */
  summary?: ReactNode;
  series: SignalSeries;
  format: (v: number) => string;
}) {
  const count = series.reduce((n, s) => n + s.points.length, 0);
  return (
    <figure className="grid gap-1 rounded-lg border p-3">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-medium">{label}</span>
        {summary !== undefined && <span className="text-lg font-semibold tabular-nums">{summary}</span>}
      </figcaption>
      {count > 1 ? (
        <Chart kind="time" label={`${chartLabel}, ${count} points`} series={series} format={format} height={180} />
      ) : (
        <p className="text-[13px] text-muted-foreground">No samples in this window.</p>
      )}
    </figure>
  );
}
