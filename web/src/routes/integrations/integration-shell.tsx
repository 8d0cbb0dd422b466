import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AreaShell, type AreaLink } from '../../components/ui/area-shell';
import { SYSTEMS } from './systems';

const LINKS: AreaLink[] = [{ to: '/integrations', label: 'Overview', exact: true }, ...SYSTEMS];

/** An integration page: the integrations' sub-navigation, its title, then the page's sections. */
export function IntegrationShell({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AreaShell nav="Integrations" links={LINKS} title={title} intro={intro} actions={actions}>
      {children}
    </AreaShell>
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

/** A row's name as a link that selects the row in the address (`?job=`, `?repo=`), marked while it is selected. */
export function SelectLink({
  search,
  selected,
  children,
}: {
  search: Record<string, string | undefined>;
  selected: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to="."
      search={(s: Record<string, unknown>) => ({ ...s, ...search })}
      className="text-primary hover:underline"
      aria-current={selected ? 'true' : undefined}
    >
      {children}
    </Link>
  );
}

/** A row's name as a button that opens its detail panel below the table, marked while it is open (decision 1195). */
export function DetailsButton({
  name,
  label,
  selected,
  onSelect,
}: {
  name: string;
  /** The button's accessible name ("Details of …"). */
  label: string;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className="text-primary hover:underline"
      aria-pressed={selected}
      onClick={onSelect}
      aria-label={label}
    >
      {name}
    </button>
  );
}

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
export const toneOf = (status: string | null | undefined) =>
  TONE[(status ?? '').toLowerCase().replace(/[^a-z]/g, '')] ?? 'neutral';
