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

/** 850 ms, 12.3 s, 4 min 05 s, 2 h 03 min. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export const formatTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');

/** Milliseconds between two timestamps; `to` absent: until now (a stage still executing). */
export function between(from: string | null | undefined, to: string | null | undefined, now = Date.now()): number | null {
  if (!from) return null;
  const end = to ? Date.parse(to) : now;
  const ms = end - Date.parse(from);
  return Number.isFinite(ms) ? Math.max(0, ms) : null;
}
