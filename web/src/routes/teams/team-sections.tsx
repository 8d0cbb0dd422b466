// The parts of a team's page: its heading (breadcrumb to the parent, contacts), the components it
// owns, its child groups and its members.
import { Link } from '@tanstack/react-router';
import { Mail, MessageSquare } from 'lucide-react';
import type { TeamSummary } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { DataTable } from '../../components/ui/data-table';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { catalogColumns } from '../catalog';
import type { useTeam, useTeamComponents } from './queries';

type Team = NonNullable<ReturnType<typeof useTeam>['data']>;

const OWNED_COLUMNS = {
  name: true,
  kind: true,
  type: true,
  owner: false,
  lifecycle: true,
  namespace: false,
  tags: true,
  updatedAt: true,
};

export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function TeamHeading({ team: t, parent }: { team: Team; parent?: TeamSummary }) {
  return (
    <div className="grid gap-1">
      <nav aria-label="Breadcrumb" className="text-[13px] text-muted-foreground">
        <Link to="/teams" className="hover:underline">
          Teams
        </Link>
        {parent && (
          <>
            {' / '}
            <Link to="/teams/$teamId" params={{ teamId: parent.id }} className="hover:underline">
              {parent.displayName || parent.name}
            </Link>
          </>
        )}
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold tracking-tight">{t.displayName || t.name}</h1>
        <Badge>{t.type}</Badge>
        {t.namespace !== 'default' && <Badge tone="primary">{t.namespace}</Badge>}
      </div>
      {t.description && <p className="max-w-3xl text-[13px] text-muted-foreground">{t.description}</p>}
      <div className="flex flex-wrap gap-4 text-[13px]">
        {t.contactEmail && (
          <a href={`mailto:${t.contactEmail}`} className="flex items-center gap-1 text-primary hover:underline">
            <Mail aria-hidden className="size-3.5" /> {t.contactEmail}
          </a>
        )}
        {t.chatChannel && (
          <span className="flex items-center gap-1">
            <MessageSquare aria-hidden className="size-3.5" /> {t.chatChannel}
          </span>
        )}
      </div>
    </div>
  );
}

export function OwnedComponents({
  team: t,
  components,
}: {
  team: Team;
  components: ReturnType<typeof useTeamComponents>;
}) {
  return (
    <Section title={`Owned components${components.data ? ` (${components.data.length})` : ''}`}>
      <QueryState query={components} label="owned components" rows={3}>
        {(loaded) =>
          loaded.length === 0 ? (
            <EmptyState title="This team owns no components">
              Set a component&apos;s owner to “{t.name}” (or its team) to list it here.
            </EmptyState>
          ) : (
            <DataTable
              label={`Components owned by ${t.displayName || t.name}`}
              columns={catalogColumns}
              data={loaded}
              getRowId={(c) => c.id}
              columnVisibility={OWNED_COLUMNS}
              maxHeight="24rem"
            />
          )
        }
      </QueryState>
    </Section>
  );
}

export function ChildGroups({ teams: children }: { teams: TeamSummary[] }) {
  if (children.length === 0) return null;
  return (
    <Section title={`Child groups (${children.length})`}>
      <ul className="flex flex-wrap gap-2">
        {children.map((c) => (
          <li key={c.id}>
            <Link
              to="/teams/$teamId"
              params={{ teamId: c.id }}
              className="inline-flex rounded-md border px-2.5 py-1 text-[13px] font-medium hover:bg-muted"
            >
              {c.displayName || c.name}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Members({ team: t }: { team: Team }) {
  return (
    <Section title={`Members (${t.members.length})`}>
      {t.members.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">
          No Hangar accounts are members of this team. Admins add them under Administration → Teams.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {t.members.map((m) => (
            <li key={m.id} className="flex items-center gap-3 rounded-lg border bg-card p-3">
              <span
                aria-hidden
                className="grid size-8 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
              >
                {m.displayName.slice(0, 1)}
              </span>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{m.displayName}</p>
                <p className="truncate text-xs text-muted-foreground">{m.email}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
