// A team's levels on each scorecard (GET /api/v1/scorecards/teams/:id/summary), for the team page:
// every count opens the scorecard's results filtered by the team (and that level).
import { Link } from '@tanstack/react-router';
import { QueryState } from '../../components/ui/query-state';
import { useTeamScorecardSummary, type TeamScorecardSummary } from './queries';
import { LevelChip } from './scorecards-page';

export function TeamScorecards({ teamId, teamName }: { teamId: string; teamName: string }) {
  const summary = useTeamScorecardSummary(teamId);
  return (
    <QueryState query={summary} label="scorecard levels">
      {(data) => <TeamCards teamId={teamId} teamName={teamName} summary={data} />}
    </QueryState>
  );
}

function TeamCards({ teamId, teamName, summary }: { teamId: string; teamName: string; summary: TeamScorecardSummary }) {
  // A scorecard none of the team's entities falls under says nothing about the team.
  const cards = summary.scorecards.filter((c) => c.total > 0);
  if (cards.length === 0) {
    return <p className="text-[13px] text-muted-foreground">No scorecard applies to the entities of {teamName} yet.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {cards.map((c) => (
        <li
          key={c.scorecardId}
          className="grid gap-2 rounded-lg border bg-card p-3"
          aria-label={`${c.name} levels of ${teamName}`}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link
              to="/scorecards/$scorecardId"
              params={{ scorecardId: c.scorecardId }}
              search={{ team: teamId }}
              className="font-medium text-primary hover:underline"
            >
              {c.name}
            </Link>
            <span className="text-xs text-muted-foreground">
              {c.total} {c.total === 1 ? 'entity' : 'entities'}
              {c.averageScore !== null && ` · mean score ${Math.round(c.averageScore * 10) / 10}%`}
            </span>
          </div>
          <ul className="flex flex-wrap gap-1.5">
            {[...c.levels].reverse().map((l) => (
              <li key={l.name ?? '(none)'}>
                <Link
                  to="/scorecards/$scorecardId"
                  params={{ scorecardId: c.scorecardId }}
                  search={{ team: teamId, level: l.name ?? 'none' }}
                  className="inline-flex items-center gap-1 rounded hover:bg-muted"
                >
                  <LevelChip name={l.name} colour={l.colour} />{' '}
                  <span className="text-[13px] font-medium">{l.count}</span>{' '}
                  <span className="sr-only">{l.count === 1 ? 'entity' : 'entities'}</span>
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
