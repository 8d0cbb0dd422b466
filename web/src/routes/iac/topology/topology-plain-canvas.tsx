// The renderer of very large topologies (decision 765): one 2D canvas, every edge in one path and every
// node a square, drawn in a frame; pan by dragging, zoom with the wheel, click to select (nearest node).
// No per-element objects, so 20,000 nodes are drawn and answer input within the first second.
import { useEffect, useRef } from 'react';
import type { TopologyCanvasProps } from './topology-canvas';

const NODE = 12;
const PAD = 24;

const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

export default function TopologyPlainCanvas({ model, layout, selected, onSelect, dark }: TopologyCanvasProps) {
  const wrap = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const view = useRef({ zoom: 1, x: 0, y: 0 });
  const redraw = useRef<() => void>(() => undefined);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  useEffect(() => {
    performance.mark('topology-renderer');
    const canvas = canvasRef.current!;
    const box = wrap.current!;
    const ctx = canvas.getContext('2d')!;
    const { nodes, edges } = model;
    const { x, y } = layout;
    const colors = {
      node: css('--primary'),
      edge: css('--muted-foreground'),
      selected: css('--warning'),
      text: css('--foreground'),
      bg: css('--background'),
    };
    let frame = 0;
    let first = true;

    const draw = () => {
      frame = 0;
      const { zoom, x: px, y: py } = view.current;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.setTransform(zoom, 0, 0, zoom, px, py);
      ctx.globalAlpha = 0.4;
      ctx.strokeStyle = colors.edge;
      ctx.lineWidth = 1 / zoom;
      ctx.beginPath();
      for (let k = 0; k < edges.length; k += 2) {
        ctx.moveTo(x[edges[k]!]!, y[edges[k]!]!);
        ctx.lineTo(x[edges[k + 1]!]!, y[edges[k + 1]!]!);
      }
      ctx.stroke();
      ctx.globalAlpha = 1;
      ctx.fillStyle = colors.node;
      const size = Math.max(NODE, 2 / zoom);
      for (let i = 0; i < nodes.length; i++) ctx.fillRect(x[i]! - size / 2, y[i]! - size / 2, size, size);
      const s = selectedRef.current;
      if (s !== undefined) {
        ctx.fillStyle = colors.selected;
        const big = size * 2;
        ctx.fillRect(x[s]! - big / 2, y[s]! - big / 2, big, big);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.font = '12px system-ui, sans-serif';
        const label = nodes[s]!.address;
        const tx = x[s]! * zoom + px;
        const ty = y[s]! * zoom + py + big * zoom + 14;
        ctx.fillStyle = colors.bg;
        ctx.fillRect(tx - ctx.measureText(label).width / 2 - 3, ty - 12, ctx.measureText(label).width + 6, 16);
        ctx.fillStyle = colors.text;
        ctx.textAlign = 'center';
        ctx.fillText(label, tx, ty);
      }
      if (first) {
        first = false;
        // The bench reads this mark: the graph is drawn and answers input from here on.
        performance.mark('topology-interactive');
        box.setAttribute('data-state', 'ready');
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(draw);
    };
    redraw.current = schedule;

    const fit = () => {
      const w = box.clientWidth;
      const h = box.clientHeight;
      canvas.width = w;
      canvas.height = h;
      const zoom = Math.min(
        4,
        Math.max(
          0.005,
          Math.min((w - 2 * PAD) / Math.max(layout.width, 1), (h - 2 * PAD) / Math.max(layout.height, 1)),
        ),
      );
      view.current = { zoom, x: (w - layout.width * zoom) / 2, y: (h - layout.height * zoom) / 2 };
    };
    fit();
    draw();

    const resize = new ResizeObserver(() => {
      if (canvas.width !== box.clientWidth || canvas.height !== box.clientHeight) {
        canvas.width = box.clientWidth;
        canvas.height = box.clientHeight;
        schedule();
      }
    });
    resize.observe(box);

    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const v = view.current;
      const factor = Math.exp(-e.deltaY / 500);
      const zoom = Math.min(8, Math.max(0.002, v.zoom * factor));
      const rect = canvas.getBoundingClientRect();
      const cx = e.clientX - rect.left;
      const cy = e.clientY - rect.top;
      view.current = { zoom, x: cx - ((cx - v.x) * zoom) / v.zoom, y: cy - ((cy - v.y) * zoom) / v.zoom };
      schedule();
    };
    let drag: { x: number; y: number; moved: boolean } | undefined;
    const onDown = (e: PointerEvent) => {
      drag = { x: e.clientX, y: e.clientY, moved: false };
      canvas.setPointerCapture(e.pointerId);
    };
    const onMove = (e: PointerEvent) => {
      if (!drag) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      drag = { x: e.clientX, y: e.clientY, moved: true };
      view.current = { ...view.current, x: view.current.x + dx, y: view.current.y + dy };
      schedule();
    };
    const onUp = (e: PointerEvent) => {
      const wasDrag = drag?.moved;
      drag = undefined;
      if (wasDrag) return;
      const rect = canvas.getBoundingClientRect();
      const { zoom, x: px, y: py } = view.current;
      const wx = (e.clientX - rect.left - px) / zoom;
      const wy = (e.clientY - rect.top - py) / zoom;
      const reach = Math.max(NODE, 8 / zoom);
      let best = -1;
      let bestD = reach * reach;
      for (let i = 0; i < nodes.length; i++) {
        const d = (x[i]! - wx) ** 2 + (y[i]! - wy) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = i;
        }
      }
      if (best >= 0) onSelectRef.current(best);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    canvas.addEventListener('pointerdown', onDown);
    canvas.addEventListener('pointermove', onMove);
    canvas.addEventListener('pointerup', onUp);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      resize.disconnect();
      canvas.removeEventListener('wheel', onWheel);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onUp);
    };
  }, [model, layout, dark]);

  // A selection from the panel: centre the node, at least at zoom 1.
  useEffect(() => {
    const box = wrap.current;
    if (selected === undefined || !box) return redraw.current();
    const zoom = Math.max(view.current.zoom, 1);
    view.current = {
      zoom,
      x: box.clientWidth / 2 - layout.x[selected]! * zoom,
      y: box.clientHeight / 2 - layout.y[selected]! * zoom,
    };
    redraw.current();
  }, [selected, layout]);

  return (
    <div ref={wrap} data-state="drawing" aria-hidden className="h-full w-full">
      <canvas ref={canvasRef} className="block cursor-grab touch-none active:cursor-grabbing" />
    </div>
  );
}
