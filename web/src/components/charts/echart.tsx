import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTheme } from '../../lib/theme';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export interface ChartProps {
  /** What the chart shows, read by screen readers (the canvas itself is not). */
  label: string;
  height?: number;
  /** `time`: series of [epoch ms, value] points; `bar`: one value per category. */
  kind: 'time' | 'bar';
  series: { name: string; points: [number | string, number][] }[];
  /** Formats a value for the axis and the tooltip. */
  format?: (value: number) => string;
}

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export default function EChart({ label, height = 220, kind, series, format }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'canvas' });
    const fg = css('--muted-foreground');
    const grid = css('--border');
    const palette = [css('--primary'), css('--success'), css('--warning'), css('--destructive')];
    const valueAxis = {
      type: 'value' as const,
      axisLabel: { color: fg, formatter: format },
      splitLine: { lineStyle: { color: grid } },
    };
    chart.setOption({
      animation: false,
      color: palette,
      textStyle: { color: fg },
      grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: format ? (v: unknown) => format(Number(v)) : undefined },
      legend: series.length > 1 ? { top: 0, textStyle: { color: fg } } : undefined,
      xAxis:
        kind === 'time'
          ? { type: 'time', axisLabel: { color: fg, hideOverlap: true }, axisLine: { lineStyle: { color: grid } } }
          : {
              type: 'category',
              data: series[0]?.points.map((p) => p[0]) ?? [],
              axisLabel: { color: fg, interval: 0, rotate: 30, width: 90, overflow: 'truncate' },
              axisLine: { lineStyle: { color: grid } },
            },
      yAxis: valueAxis,
      series: series.map((s) =>
        kind === 'time'
          ? { name: s.name, type: 'line', showSymbol: false, data: s.points, lineStyle: { width: 1.5 } }
          : { name: s.name, type: 'bar', data: s.points.map((p) => p[1]), barMaxWidth: 36 },
      ),
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [kind, series, format, theme]);
  return <div ref={ref} role="img" aria-label={label} style={{ height }} className="w-full" />;
}
