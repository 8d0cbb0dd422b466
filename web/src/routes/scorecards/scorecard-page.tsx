import { getRouteApi, Link } from '@tanstack/react-router';
import { useScorecard, type Scorecard } from './queries';
import { useAllTeams } from '../teams';
import { SimpleTable } from '../../components/ui/simple-table';
import { QueryState } from '../../components/ui/query-state';
import { useIsAdmin } from '../../lib/use-session';
import { DefinitionEditor } from './definition-editor';
import { ExemptionsSection } from './exemptions';
import { DeleteScorecard, EvaluateNow } from './scorecard-actions';
import { ScorecardResults, usePageResults } from './scorecard-results';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/scorecards/$scorecardId');

function ScorecardHeading({ scorecard: s, isAdmin }: { scorecard: Scorecard; isAdmin: boolean }) {
  return (
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
      <p className="text-xs text-muted-foreground">
        Last evaluated {formatDateTime(s.lastEvaluatedAt as string | null)}
      </p>
      {isAdmin && <EvaluateNow scorecard={s} />}
    </div>
  );
}

function RulesSection({ scorecard: s }: { scorecard: Scorecard }) {
  return (
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
  );
}

export function ScorecardPage() {
  const { scorecardId } = route.useParams();
  const scorecard = useScorecard(scorecardId);
  const results = usePageResults(scorecardId);
  // Started with the scorecard: the results' team names and filter come from it.
  useAllTeams();
  const isAdmin = useIsAdmin();

  return (
    <QueryState
      query={scorecard}
      label="the scorecard"
      notFound={{
        title: 'No scorecard with this id',
        action: <TextLink to="/scorecards">Back to scorecards</TextLink>,
      }}
    >
      {(s) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <ScorecardHeading scorecard={s} isAdmin={isAdmin} />
          <ScorecardResults scorecard={s} isAdmin={isAdmin} results={results} />
          <RulesSection scorecard={s} />
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
      )}
    </QueryState>
  );
}
