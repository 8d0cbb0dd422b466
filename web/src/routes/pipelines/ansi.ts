// ANSI SGR sequences of a log line as React-ready segments (anser, JSON mode: no HTML is ever built),
// with the 16 named colours mapped to the theme's variables (log-view.css) and bold/italic/underline.
import Anser from 'anser';
import type { CSSProperties } from 'react';

export interface Segment {
  text: string;
  style?: CSSProperties;
}

const NAMED = /^ansi-(bright-)?(black|red|green|yellow|blue|magenta|cyan|white)$/;

function colour(name: string, truecolor: string): string | undefined {
  const m = NAMED.exec(name);
  if (m) return `var(--ansi-${m[2]})`;
  if (name === 'ansi-truecolor' && truecolor) return `rgb(${truecolor})`;
  return undefined;
}

/** A line's segments; a line without escape sequences is one plain segment. */
export function segmentsOf(line: string): Segment[] {
  if (!line.includes('\u001b')) return [{ text: line }];
  return Anser.ansiToJson(line, { json: true, use_classes: true, remove_empty: true }).map((e) => {
    const style: CSSProperties = {};
    const fg = e.fg ? colour(e.fg, e.fg_truecolor) : undefined;
    const bg = e.bg ? colour(e.bg, e.bg_truecolor) : undefined;
    if (fg) style.color = fg;
    if (bg) style.backgroundColor = `color-mix(in srgb, ${bg} 22%, transparent)`;
    if (e.decorations.includes('bold')) style.fontWeight = 600;
    if (e.decorations.includes('italic')) style.fontStyle = 'italic';
    if (e.decorations.includes('underline')) style.textDecoration = 'underline';
    if (e.decorations.includes('strikethrough')) style.textDecoration = 'line-through';
    return Object.keys(style).length ? { text: e.content, style } : { text: e.content };
  });
}
