// The SLO widget: one percentage against its objective, as an SVG arc (no chart library).

/** A gauge for one percentage against an objective: an SVG arc, no library. */
export function Gauge({
  value,
  objective,
  label,
  summary,
}: {
  value: number;
  objective: number;
  label: string;
  summary: string;
}) {
  const min = Math.floor(Math.min(objective - 1, value));
  const share = Math.min(Math.max((value - min) / (100 - min), 0), 1);
  const target = Math.min(Math.max((objective - min) / (100 - min), 0), 1);
  const point = (t: number, r: number) =>
    [60 + r * Math.cos(Math.PI * (1 - t)), 60 - r * Math.sin(Math.PI * (1 - t))] as const;
  const arc = (t: number) => {
    const [x, y] = point(t, 48);
    return `M 12 60 A 48 48 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`;
  };
  const [tx1, ty1] = point(target, 40);
  const [tx2, ty2] = point(target, 56);
  const ok = value >= objective;
  return (
    <figure className="grid justify-items-center gap-1" aria-label={label}>
      <svg viewBox="0 0 120 70" className="w-full max-w-56" aria-hidden>
        <path d={arc(1)} fill="none" stroke="var(--border)" strokeWidth="10" />
        <path d={arc(share)} fill="none" stroke={ok ? 'var(--success)' : 'var(--destructive)'} strokeWidth="10" />
        <line x1={tx1} y1={ty1} x2={tx2} y2={ty2} stroke="var(--foreground)" strokeWidth="2" />
        <text x="60" y="58" textAnchor="middle" fontSize="15" fontWeight="600" fill="var(--foreground)">
          {value}%
        </text>
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        Objective {objective}%<span className="sr-only">. {summary}</span>
      </figcaption>
    </figure>
  );
}
