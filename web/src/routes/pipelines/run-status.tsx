// How runs and stages read everywhere in the area: a status badge (word + colour, never colour alone),
// durations and times.
import { Badge } from '../../components/ui/badge';

const TONES: Record<string, 'neutral' | 'primary' | 'success' | 'warning' | 'danger'> = {
  queued: 'neutral',
  running: 'primary',
  waiting_approval: 'warning',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  skipped: 'neutral',
  pending: 'neutral',
};

export const statusLabel = (status: string) => status.replace(/_/g, ' ');

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{statusLabel(status)}</Badge>;
}

/** Milliseconds between two timestamps; `to` absent: until now (a stage still executing). */
export function between(
  from: string | null | undefined,
  to: string | null | undefined,
  now = Date.now(),
): number | null {
  if (!from) return null;
  const end = to ? Date.parse(to) : now;
  const ms = end - Date.parse(from);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
