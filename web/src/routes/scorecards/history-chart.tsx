// The score history of one scorecard, drawn with ECharts (only the line chart, grid and tooltip
// pieces and the canvas renderer: tree-shaken; this file is its own chunk, loaded on first use).
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

export interface HistoryPoint {
  recordedAt: string;
  score: number;
  level: string | null;
}

export default function HistoryChart({ points, label }: { points: HistoryPoint[]; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!ref.current) return;
    const chart = echarts.init(ref.current);
    const colour = getComputedStyle(ref.current).color;
    chart.setOption({
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time', axisLabel: { color: colour } },
      yAxis: { type: 'value', min: 0, max: 100, axisLabel: { color: colour } },
      series: [
        {
          type: 'line',
          step: 'end',
          name: 'Score',
          data: [...points].reverse().map((p) => [p.recordedAt, p.score, p.level ?? 'no level']),
        },
      ],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points]);
  return <div ref={ref} role="img" aria-label={label} className="h-48 w-full text-muted-foreground" />;
}
