import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

const TABS = [
  { to: '/iac', label: 'Stacks', exact: true },
  { to: '/iac/drift', label: 'Drift', exact: false },
  { to: '/iac/modules', label: 'Module catalog', exact: false },
] as const;

/** An IaC page: the area's sub-navigation, the title, then the page. */
export function IacShell({ title, intro, actions, children }: { title: ReactNode; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav aria-label="Infrastructure as code" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 text-[13px]">
          {TABS.map((t) => (
            <li key={t.to}>
              <Link
                to={t.to}
                activeOptions={{ exact: t.exact, includeSearch: false }}
                className="block rounded-md px-2.5 py-1.5 whitespace-nowrap hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight break-all">{title}</h1>
          {intro && <div className="text-[13px] text-muted-foreground">{intro}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDateTime = (value: string | null | undefined) => (value ? dateTime.format(new Date(value)) : '—');
export const formatMs = (ms: number | null | undefined) => {
  if (ms == null) return '—';
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

export const statusTone = (status: string | null | undefined) =>
  /succe|applied|ok|pass/i.test(status ?? '')
    ? 'success'
    : /fail|error/i.test(status ?? '')
      ? 'danger'
      : /run|pend|plan/i.test(status ?? '')
        ? 'primary'
        : 'neutral';

/** `+add ~change −destroy`, each coloured and spelled out for screen readers. */
export function Changes({ changes }: { changes: { add: number; change: number; destroy: number } | null | undefined }) {
  if (!changes) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex gap-2 font-mono text-xs tabular-nums">
      <span className="sr-only">
        {changes.add} to add, {changes.change} to change, {changes.destroy} to destroy
      </span>
      <span className="text-success" aria-hidden>
        +{changes.add}
      </span>
      <span className="text-warning" aria-hidden>
        ~{changes.change}
      </span>
      <span className="text-destructive" aria-hidden>
        −{changes.destroy}
      </span>
    </span>
  );
}
