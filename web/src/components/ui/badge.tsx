import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const TONES = {
  neutral: 'bg-muted text-foreground',
  primary: 'bg-accent text-accent-foreground',
  success: 'border border-success/40 text-success',
  warning: 'border border-warning/50 text-warning',
  danger: 'border border-destructive/40 text-destructive',
};

export function Badge({
  tone = 'neutral',
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

/** Lifecycle badges in one colour scheme across the portal. */
export function LifecycleBadge({ lifecycle }: { lifecycle: string | null | undefined }) {
  if (!lifecycle) return null;
  const tone =
    lifecycle === 'production'
      ? 'success'
      : lifecycle === 'deprecated'
        ? 'danger'
        : lifecycle === 'experimental'
          ? 'warning'
          : 'neutral';
  return <Badge tone={tone}>{lifecycle}</Badge>;
}
