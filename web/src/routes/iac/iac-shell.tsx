import type { ReactNode } from 'react';
import { AreaShell, type AreaLink } from '../../components/ui/area-shell';

const TABS: AreaLink[] = [
  { to: '/iac', label: 'Stacks', exact: true },
  { to: '/iac/drift', label: 'Drift' },
  { to: '/iac/modules', label: 'Module catalog' },
];

/** An IaC page: the area's sub-navigation, the title (a stack's or module's name breaks anywhere), then the page. */
export function IacShell({
  title,
  intro,
  actions,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <AreaShell nav="Infrastructure as code" links={TABS} title={title} intro={intro} actions={actions} breakTitle>
      {children}
    </AreaShell>
  );
}

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
