// ECharts, tree-shaken (echarts/core with only the charts and components used), in its own lazy
// chunk: loaded only when a dashboard shows a chart (decision 746).
import { BarChart, GaugeChart, LineChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ComposeOption } from 'echarts/core';
import type { BarSeriesOption, GaugeSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../lib/theme';

use([LineChart, BarChart, GaugeChart, GridComponent, TooltipComponent, AriaComponent, SVGRenderer]);

export type ChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GaugeSeriesOption | GridComponentOption | TooltipComponentOption>;

const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** One chart; `label` is its accessible name, `summary` the text alternative read instead of the drawing. */
export function Chart({ option, label, summary }: { option: ChartOption; label: string; summary: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = init(el, undefined, { renderer: 'svg' });
    const text = cssVar('--muted-foreground') || '#64748b';
    const line = cssVar('--border') || '#e2e8f0';
    chart.setOption({
      animation: false,
      aria: { enabled: false },
      color: [cssVar('--primary') || '#2563eb', cssVar('--success') || '#16a34a', cssVar('--warning') || '#d97706', cssVar('--destructive') || '#dc2626'],
      textStyle: { color: text },
      grid: { left: 40, right: 12, top: 12, bottom: 28 },
      ...option,
      ...(option.xAxis ? { xAxis: { axisLine: { lineStyle: { color: line } }, axisLabel: { color: text }, ...(option.xAxis as object) } } : {}),
      ...(option.yAxis ? { yAxis: { splitLine: { lineStyle: { color: line } }, axisLabel: { color: text }, ...(option.yAxis as object) } } : {}),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [option, theme]);
  return (
    <figure className="grid h-full min-h-40 grid-rows-[1fr_auto]" aria-label={label}>
      <div ref={ref} aria-hidden className="min-h-40" />
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
