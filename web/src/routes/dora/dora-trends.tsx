import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as registerEcharts, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { DoraMetrics } from './queries';

// Tree-shaken ECharts: only the two series types, three components and the canvas renderer.
registerEcharts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** Reads a theme colour (an `hsl(...)`/`oklch(...)` CSS custom property) so the chart follows light and dark themes. */
function cssColor(name: string, fallback: string) {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value ? (value.startsWith('#') || value.includes('(') ? value : `hsl(${value})`) : fallback;
}

/** The daily series: deployments and failed deployments as bars, median lead time (hours) as a line. */
export function DoraTrends({ series }: { series: DoraMetrics['series'] }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);

  useEffect(() => {
    if (!el.current) return;
    const c = init(el.current, undefined, { renderer: 'canvas' });
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(el.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const text = cssColor('--muted-foreground', '#6b7280');
    chart.current?.setOption(
      {
        animation: false,
        grid: { left: 40, right: 48, top: 32, bottom: 28 },
        legend: { top: 0, textStyle: { color: text } },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: series.map((d) => d.date), axisLabel: { color: text } },
        yAxis: [
          {
            type: 'value',
            name: 'deployments',
            minInterval: 1,
            axisLabel: { color: text },
            nameTextStyle: { color: text },
          },
          { type: 'value', name: 'lead (h)', axisLabel: { color: text }, nameTextStyle: { color: text } },
        ],
        series: [
          { name: 'Deployments', type: 'bar', data: series.map((d) => d.deployments), itemStyle: { color: '#2563eb' } },
          {
            name: 'Failed',
            type: 'bar',
            data: series.map((d) => d.failedDeployments),
            itemStyle: { color: '#dc2626' },
          },
          {
            name: 'Median lead time (h)',
            type: 'line',
            yAxisIndex: 1,
            connectNulls: true,
            data: series.map((d) =>
              d.medianLeadSeconds === null ? null : Math.round((d.medianLeadSeconds / 3600) * 10) / 10,
            ),
            itemStyle: { color: '#d97706' },
          },
        ],
      },
      true,
    );
  }, [series]);

  const deployments = series.reduce((n, d) => n + d.deployments, 0);
  const failed = series.reduce((n, d) => n + d.failedDeployments, 0);
  return (
    <div
      ref={el}
      role="img"
      aria-label={`Daily trend over ${series.length} days: ${deployments} deployments, ${failed} failed, and the median lead time per day`}
      className="h-64 w-full"
      data-testid="dora-trends"
    />
  );
}
