// A scorecard's results on its page: the level and team filters (in the URL), one row per entity with
// its failing rules (an admin may exempt one, decision 535), and the pager.
import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { useScorecardResults, type Scorecard } from './queries';
import { useAllTeams } from '../teams';
import { Button } from '../../components/ui/button';
import { SimpleTable } from '../../components/ui/simple-table';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { ExemptButton } from './exemptions';
import { LevelChip } from './scorecards-page';
import { formatDateTime } from '../../lib/format';
import type { ScorecardSearch } from './routes';

const route = getRouteApi('/app/scorecards/$scorecardId');
const SIZE = 50;

type Teams = { id: string; name: string; displayName?: string | null }[];
type Result = NonNullable<ReturnType<typeof useScorecardResults>['data']>['data'][number];

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value?: string;
  onChange: (value?: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="h-8 rounded-md border bg-background px-2"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        {children}
      </select>
    </div>
  );
}

function ResultFilters({ scorecard, teams }: { scorecard: Scorecard; teams?: Teams }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const set = (patch: Partial<ScorecardSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }) });
  return (
    <div className="flex flex-wrap items-end gap-3 text-[13px]">
      <FilterSelect label="Level" value={search.level} onChange={(level) => set({ level })}>
        <option value="">Any level</option>
        <option value="none">No level</option>
        {scorecard.levels.map((l) => (
          <option key={l.name} value={l.name}>
            {l.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Team" value={search.team} onChange={(team) => set({ team })}>
        <option value="">Any team</option>
        {teams?.map((t) => (
          <option key={t.id} value={t.id}>
            {t.displayName || t.name}
          </option>
        ))}
      </FilterSelect>
    </div>
  );
}

function ResultRow({
  result: r,
  scorecard: s,
  teamName,
  isAdmin,
}: {
  result: Result;
  scorecard: Scorecard;
  teamName: Map<string, string>;
  isAdmin: boolean;
}) {
  const failing = Object.entries(r.rules).filter(([, o]) => o === 'fail' || o === 'no_data');
  const colour = r.level ? s.levels.find((l) => l.name === r.level)?.colour : null;
  const titleOf = new Map(s.rules.map((rule) => [rule.key, rule.title || rule.key]));
  return (
    <tr>
      <td className="font-mono">{r.componentRef}</td>
      <td>{r.teamId ? (teamName.get(r.teamId) ?? '—') : '—'}</td>
      <td>
        <LevelChip name={r.level} colour={colour} />
      </td>
      <td>{r.score}%</td>
      <td>{failing.length ? failing.map(([k]) => k).join(', ') : '—'}</td>
      <td>{formatDateTime(r.changedAt as string)}</td>
      {isAdmin && (
        <td>
          {failing.length > 0 && (
            <ExemptButton
              scorecardId={s.id}
              componentId={r.componentId}
              entityLabel={r.componentRef}
              failing={failing.map(([k]) => ({ key: k, title: titleOf.get(k) ?? k }))}
            />
          )}
        </td>
      )}
    </tr>
  );
}

function Pager({ total }: { total: number }) {
  const page = route.useSearch().page ?? 1;
  const navigate = route.useNavigate();
  const go = (to: number) => void navigate({ search: (prev) => ({ ...prev, page: to }) });
  return (
    <div className="flex items-center gap-2 text-[13px]">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => go(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {Math.max(1, Math.ceil(total / SIZE))}
      </span>
      <Button variant="secondary" size="sm" disabled={page * SIZE >= total} onClick={() => go(page + 1)}>
        Next
      </Button>
    </div>
  );
}

/** The page's results query, started with the scorecard's (not after it). */
export function usePageResults(scorecardId: string) {
  const search = route.useSearch();
  return useScorecardResults(scorecardId, { level: search.level, teamId: search.team, page: search.page }, SIZE);
}

export function ScorecardResults({
  scorecard: s,
  isAdmin,
  results,
}: {
  scorecard: Scorecard;
  isAdmin: boolean;
  results: ReturnType<typeof usePageResults>;
}) {
  const teams = useAllTeams();
  const teamName = new Map(teams.data?.teams.map((t) => [t.id, t.displayName || t.name]));
  return (
    <section aria-labelledby="results-title" className="grid gap-3">
      <h2 id="results-title" className="text-sm font-semibold">
        Results{results.data ? ` (${results.data.total})` : ''}
      </h2>
      <ResultFilters scorecard={s} teams={teams.data?.teams} />
      <QueryState query={results} label="results" rows={4}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title="No results">No entity matches, or the scorecard has not been evaluated yet.</EmptyState>
          ) : (
            <>
              <SimpleTable
                label={`Results of ${s.name}`}
                head={['Entity', 'Team', 'Level', 'Score', 'Failing rules', 'Changed', ...(isAdmin ? [''] : [])]}
              >
                {loaded.data.map((r) => (
                  <ResultRow key={r.componentId} result={r} scorecard={s} teamName={teamName} isAdmin={isAdmin} />
                ))}
              </SimpleTable>
              <Pager total={loaded.total} />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
