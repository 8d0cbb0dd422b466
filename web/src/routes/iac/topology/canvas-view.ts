// What the two canvas renderers of large topologies share (decisions 764, 765): the theme's colours and
// the first view, the whole layout fitted in the box. No renderer is imported here, so each stays in
// its own lazy chunk.
import type { TopologyLayout } from './topology-layout';

export type LayoutBox = Pick<TopologyLayout, 'width' | 'height'>;

/** A CSS custom property of the theme as the canvas needs it (a colour string). */
export const css = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** The zoom and pan that show the whole layout centred in a `w`×`h` box, `pad` pixels clear on each side. */
export function fitView(w: number, h: number, layout: LayoutBox, pad: number, minZoom: number) {
  const zoom = Math.min(
    4,
    Math.max(minZoom, Math.min((w - 2 * pad) / Math.max(layout.width, 1), (h - 2 * pad) / Math.max(layout.height, 1))),
  );
  return { zoom, x: (w - layout.width * zoom) / 2, y: (h - layout.height * zoom) / 2 };
}
