import { getRouteApi } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { useAllTeams, usePeople } from '../teams';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/states';
import { ListFilter } from '../../components/ui/list-filter';
import { PersonCard } from './person-card';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/people');
const SIZE = 48;

/** Team name → id, for links from a person's team names to team pages. */
export function useTeamIdsByName() {
  const teams = useAllTeams();
  return useMemo(() => new Map(teams.data?.teams.map((t) => [t.name, t.id])), [teams.data]);
}

export function PeoplePage() {
  const { q, page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const people = usePeople({ q, page }, SIZE);
  const teamIds = useTeamIdsByName();
  const total = people.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SIZE));

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex items-baseline gap-3">
        <h1 className="text-xl font-semibold tracking-tight">People</h1>
        {people.data && <p className="text-[13px] text-muted-foreground">{total} people</p>}
      </div>
      <ListFilter
        label="Filter people by name or email"
        value={q}
        onChange={(value) => void navigate({ search: { q: value }, replace: true })}
      />
      <QueryState query={people} label="people" rows={6}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title={q ? `Nobody matches “${q}”` : 'No people in the directory yet'}>
              {q
                ? 'Try part of the name or the email address.'
                : 'People come from catalog User entities registered through a catalog location.'}
            </EmptyState>
          ) : (
            <>
              <ul aria-label="People" className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
                {loaded.data.map((p) => (
                  <PersonCard key={p.id} person={p} teamIds={teamIds} />
                ))}
              </ul>
              {pages > 1 && (
                <nav
                  aria-label="Pagination"
                  className="flex items-center justify-end gap-2 text-[13px] text-muted-foreground"
                >
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() =>
                      void navigate({ search: (s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined }) })
                    }
                  >
                    <ChevronLeft aria-hidden className="size-3.5" /> Previous
                  </Button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => void navigate({ search: (s) => ({ ...s, page: page + 1 }) })}
                  >
                    Next <ChevronRight aria-hidden className="size-3.5" />
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}
