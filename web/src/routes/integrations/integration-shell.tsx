import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SYSTEMS } from './systems';

/** An integration page: its title, the integrations' sub-navigation, then the page's sections. */
export function IntegrationShell({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav aria-label="Integrations" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 text-[13px]">
          <li>
            <Link
              to="/integrations"
              activeOptions={{ exact: true, includeSearch: false }}
              className="block rounded-md px-2.5 py-1.5 whitespace-nowrap hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
            >
              Overview
            </Link>
          </li>
          {SYSTEMS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                activeOptions={{ includeSearch: false }}
                className="block rounded-md px-2.5 py-1.5 whitespace-nowrap hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          {intro && <p className="text-[13px] text-muted-foreground">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

export function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    // Not a named landmark: the table inside carries the same name as its region.
    <section className="grid grid-cols-[minmax(0,1fr)] gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : dateTime.format(new Date(value)));
export const formatDuration = (ms: number | null | undefined) => {
  if (ms == null) return '—';
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
};

const TONE: Record<string, 'success' | 'warning' | 'danger' | 'neutral' | 'primary'> = {
  healthy: 'success',
  synced: 'success',
  success: 'success',
  succeeded: 'success',
  passed: 'success',
  up: 'success',
  blue: 'success',
  allowed: 'success',
  progressing: 'primary',
  running: 'primary',
  started: 'primary',
  created: 'neutral',
  queued: 'neutral',
  outofsync: 'warning',
  degraded: 'danger',
  failed: 'danger',
  failure: 'danger',
  failing: 'danger',
  error: 'danger',
  errored: 'danger',
  down: 'danger',
  denied: 'danger',
  unstable: 'warning',
  paused: 'warning',
  suspended: 'warning',
  missing: 'warning',
  stale: 'warning',
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'neutral',
};
export const toneOf = (status: string | null | undefined) => TONE[(status ?? '').toLowerCase().replace(/[^a-z]/g, '')] ?? 'neutral';
