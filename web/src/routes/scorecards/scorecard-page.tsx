import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useScorecard, useScorecardResults } from './queries';
import { useAllTeams } from '../teams';
import { Button } from '../../components/ui/button';
import { SimpleTable } from '../../components/ui/simple-table';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';
import { DefinitionEditor } from './definition-editor';
import { ExemptButton, ExemptionsSection } from './exemptions';
import { DeleteScorecard, EvaluateNow } from './scorecard-actions';
import { LevelChip } from './scorecards-page';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/scorecards/$scorecardId');
const SIZE = 50;

export function ScorecardPage() {
  const { scorecardId } = route.useParams();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const scorecard = useScorecard(scorecardId);
  const results = useScorecardResults(scorecardId, { level: search.level, teamId: search.team, page: search.page }, SIZE);
  const teams = useAllTeams();
  const isAdmin = useIsAdmin();
  const levelId = useId();
  const teamId = useId();

  const page = search.page ?? 1;
  const set = (patch: Partial<typeof search>) => void navigate({ search: (prev) => ({ ...prev, page: undefined, ...patch }) });
  const teamName = new Map(teams.data?.teams.map((t) => [t.id, t.displayName || t.name]));

  return (
    <QueryState
      query={scorecard}
      label="the scorecard"
      notFound={{
        title: 'No scorecard with this id',
        action: <TextLink to="/scorecards">Back to scorecards</TextLink>,
      }}
    >
      {(s) => {
        const colourOf = new Map(s.levels.map((l) => [l.name, l.colour]));
        const titleOf = new Map(s.rules.map((r) => [r.key, r.title || r.key]));
        return (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            <div className="grid gap-1">
              <nav aria-label="Breadcrumb" className="text-[13px] text-muted-foreground">
                <Link to="/scorecards" className="hover:underline">
                  Scorecards
                </Link>
              </nav>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h1 className="text-xl font-semibold tracking-tight">{s.name}</h1>
                {isAdmin && <DeleteScorecard scorecard={s} />}
              </div>
              {s.description && <p className="max-w-3xl text-[13px] text-muted-foreground">{s.description}</p>}
              <p className="text-xs text-muted-foreground">Last evaluated {formatDateTime(s.lastEvaluatedAt as string | null)}</p>
              {isAdmin && <EvaluateNow scorecard={s} />}
            </div>

            <section aria-labelledby="results-title" className="grid gap-3">
              <h2 id="results-title" className="text-sm font-semibold">
                Results{results.data ? ` (${results.data.total})` : ''}
              </h2>
              <div className="flex flex-wrap items-end gap-3 text-[13px]">
                <div className="grid gap-1">
                  <label htmlFor={levelId}>Level</label>
                  <select
                    id={levelId}
                    className="h-8 rounded-md border bg-background px-2"
                    value={search.level ?? ''}
                    onChange={(e) => set({ level: e.target.value || undefined })}
                  >
                    <option value="">Any level</option>
                    <option value="none">No level</option>
                    {s.levels.map((l) => (
                      <option key={l.name} value={l.name}>
                        {l.name}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-1">
                  <label htmlFor={teamId}>Team</label>
                  <select
                    id={teamId}
                    className="h-8 rounded-md border bg-background px-2"
                    value={search.team ?? ''}
                    onChange={(e) => set({ team: e.target.value || undefined })}
                  >
                    <option value="">Any team</option>
                    {teams.data?.teams.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.displayName || t.name}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
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
                        {loaded.data.map((r) => {
                          const failing = Object.entries(r.rules).filter(([, o]) => o === 'fail' || o === 'no_data');
                          return (
                            <tr key={r.componentId}>
                              <td className="font-mono">{r.componentRef}</td>
                              <td>{r.teamId ? (teamName.get(r.teamId) ?? '—') : '—'}</td>
                              <td>
                                <LevelChip name={r.level} colour={r.level ? colourOf.get(r.level) : null} />
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
                        })}
                      </SimpleTable>
                      <div className="flex items-center gap-2 text-[13px]">
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={page <= 1}
                          onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page - 1 }) })}
                        >
                          Previous
                        </Button>
                        <span>
                          Page {page} of {Math.max(1, Math.ceil(loaded.total / SIZE))}
                        </span>
                        <Button
                          variant="secondary"
                          size="sm"
                          disabled={page * SIZE >= loaded.total}
                          onClick={() => void navigate({ search: (prev) => ({ ...prev, page: page + 1 }) })}
                        >
                          Next
                        </Button>
                      </div>
                    </>
                  )
                }
              </QueryState>
            </section>

            <section aria-labelledby="rules-title" className="grid gap-3">
              <h2 id="rules-title" className="text-sm font-semibold">
                Rules
              </h2>
              <SimpleTable label={`Rules of ${s.name}`} head={['Rule', 'Level', 'Weight', 'Failure message']}>
                {s.rules.map((r) => (
                  <tr key={r.key}>
                    <td>{r.title}</td>
                    <td>{r.level}</td>
                    <td>{r.weight}</td>
                    <td>{r.failureMessage || '—'}</td>
                  </tr>
                ))}
              </SimpleTable>
            </section>

            <ExemptionsSection scorecard={s} isAdmin={isAdmin} />

            {isAdmin && (
              <section aria-labelledby="edit-title" className="grid gap-2">
                <h2 id="edit-title" className="text-sm font-semibold">
                  Edit the definition
                </h2>
                <DefinitionEditor key={String(s.updatedAt)} scorecard={s} />
              </section>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}
