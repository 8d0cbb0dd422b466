// Scorecards of an entity: its level and score on each, the rules it fails with their remediation,
// the exemptions it holds, and the score's history (an ECharts chart loaded on demand, decision 146's
// lazy chunks). Admins waive a failing rule next to it and withdraw an exemption here (decision 543).
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { CatalogEntity } from '../../api/types';
import {
  useDeleteExemption,
  useEntityExemptions,
  useEntityScorecardHistory,
  useEntityScorecards,
  type EntityScorecard,
} from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { ErrorState, Loading } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';
import { ExemptButton, useAuthorName } from './exemptions';
import { LevelChip } from './scorecards-page';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../api/permissions';

const HistoryChart = lazy(() => import('./history-chart'));

const OUTCOME: Record<string, { label: string; tone: 'success' | 'danger' | 'warning' | 'neutral' }> = {
  pass: { label: 'pass', tone: 'success' },
  fail: { label: 'fail', tone: 'danger' },
  no_data: { label: 'no data', tone: 'warning' },
  exempt: { label: 'exempt', tone: 'neutral' },
};

function History({ entityId, card }: { entityId: string; card: EntityScorecard }) {
  const history = useEntityScorecardHistory(entityId, card.scorecardId);
  return (
    <QueryState
      query={history}
      label="history"
      isEmpty={(h) => h.data.length === 0}
      empty={{ title: 'No history yet', body: 'Changes appear here once evaluated.' }}
    >
      {(h) => (
        <Suspense fallback={<Loading rows={2} label="Loading the chart" />}>
          <HistoryChart
            label={`Score of ${card.scorecardName} over time`}
            points={h.data.map((p) => ({ recordedAt: String(p.recordedAt), score: p.score, level: p.level }))}
          />
        </Suspense>
      )}
    </QueryState>
  );
}

/** The entity's exemptions on one scorecard; admins and the owning team's maintainers withdraw them (the rule applies again at once). */
function Exemptions({
  entity,
  card,
  isAdmin,
  canExempt,
}: {
  entity: CatalogEntity;
  card: EntityScorecard;
  isAdmin: boolean;
  canExempt: boolean;
}) {
  const list = useEntityExemptions(card.scorecardId, entity.id);
  const remove = useDeleteExemption(card.scorecardId);
  const authorName = useAuthorName(isAdmin);
  const titleOf = new Map(card.rules.map((r) => [r.key, r.title || r.key]));
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data || list.data.data.length === 0) return null;
  return (
    <SimpleTable
      label={`Exemptions of ${entity.name} on ${card.scorecardName}`}
      head={['Exempt rule', 'Reason', 'Until', 'By', 'Status', ...(canExempt ? ['Actions'] : [])]}
    >
      {list.data.data.map((e) => {
        const rule = titleOf.get(e.ruleKey) ?? e.ruleKey;
        return (
          <tr key={e.id}>
            <td>{rule}</td>
            <td className="max-w-xs break-words whitespace-normal">{e.reason}</td>
            <td>{formatDateTime(String(e.expiresAt))}</td>
            <td>{authorName(e.createdBy)}</td>
            <td>{e.active ? <Badge tone="success">active</Badge> : <Badge>expired</Badge>}</td>
            {canExempt && (
              <td>
                <ConfirmButton
                  label={`Withdraw the exemption from ${rule} on ${card.scorecardName}`}
                  title="Withdraw this exemption?"
                  description={`The rule “${rule}” applies to ${entity.name} again; it is evaluated again at once.`}
                  confirmLabel="Withdraw exemption"
                  onConfirm={() => remove.mutateAsync(e.id)}
                >
                  Withdraw
                </ConfirmButton>
              </td>
            )}
          </tr>
        );
      })}
    </SimpleTable>
  );
}

function Card({
  entity,
  card,
  isAdmin,
  canExempt,
}: {
  entity: CatalogEntity;
  card: EntityScorecard;
  isAdmin: boolean;
  canExempt: boolean;
}) {
  const [showHistory, setShowHistory] = useState(false);
  const failing = card.rules.filter((r) => r.outcome === 'fail' || r.outcome === 'no_data');
  const colour = card.levels.find((l) => l.name === card.level)?.colour;
  return (
    <section aria-labelledby={`sc-${card.scorecardId}`} className="grid gap-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`sc-${card.scorecardId}`} className="text-sm font-semibold">
          <Link to="/scorecards/$scorecardId" params={{ scorecardId: card.scorecardId }} className="hover:underline">
            {card.scorecardName}
          </Link>
        </h2>
        <LevelChip name={card.level} colour={colour} />
        <span className="text-[13px]">score {card.score}%</span>
        <span className="text-xs text-muted-foreground">changed {formatDateTime(String(card.changedAt))}</span>
      </div>
      {failing.length > 0 && (
        <ul className="grid gap-1.5 text-[13px]" aria-label={`Failing rules of ${card.scorecardName}`}>
          {failing.map((r) => (
            <li key={r.key} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>
                <span className="font-medium">{r.title}</span> ({r.level}):{' '}
                {r.outcome === 'no_data' ? 'no data' : r.failureMessage || 'fails'}
                {r.remediationUrl && (
                  <>
                    {' '}
                    <a href={r.remediationUrl} className="text-primary underline" target="_blank" rel="noreferrer">
                      How to fix
                    </a>
                  </>
                )}
              </span>
              {canExempt && (
                <ExemptButton
                  scorecardId={card.scorecardId}
                  componentId={entity.id}
                  entityLabel={`${entity.name} from ${r.title}`}
                  failing={[{ key: r.key, title: r.title || r.key }]}
                  triggerLabel={`Exempt ${entity.name} from ${r.title} on ${card.scorecardName}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <SimpleTable label={`Rules of ${card.scorecardName}`} head={['Rule', 'Level', 'Weight', 'Outcome']}>
        {card.rules.map((r) => (
          <tr key={r.key}>
            <td>{r.title}</td>
            <td>{r.level}</td>
            <td>{r.weight}</td>
            <td>
              <Badge tone={OUTCOME[r.outcome]?.tone ?? 'neutral'}>{OUTCOME[r.outcome]?.label ?? r.outcome}</Badge>
            </td>
          </tr>
        ))}
      </SimpleTable>
      <Exemptions entity={entity} card={card} isAdmin={isAdmin} canExempt={canExempt} />
      <div>
        <Button variant="secondary" size="sm" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
          {showHistory ? 'Hide history' : 'Show history'}
        </Button>
      </div>
      {showHistory && <History entityId={entity.id} card={card} />}
    </section>
  );
}

export function ScorecardsTab({ entity }: { entity: CatalogEntity }) {
  const cards = useEntityScorecards(entity.id);
  const isAdmin = useIsAdmin();
  // Maintainers of the owning team grant and withdraw exemptions (decision 951).
  const canExempt = useCan('scorecard.exempt', entity.id);
  return (
    <QueryState
      query={cards}
      label="scorecards"
      isEmpty={(c) => c.length === 0}
      empty={{
        title: 'No scorecard applies yet',
        body: 'Scorecards of the current organization whose filter matches this entity show here once evaluated.',
      }}
    >
      {(list) => (
        <div className="grid gap-4">
          {list.map((c) => (
            <Card key={c.scorecardId} entity={entity} card={c} isAdmin={isAdmin} canExempt={canExempt} />
          ))}
        </div>
      )}
    </QueryState>
  );
}

/** The header badge: the entity's level on each scorecard of the context (name, level, score). */
export function ScorecardBadges({ entity }: { entity: CatalogEntity }) {
  const cards = useEntityScorecards(entity.id);
  if (!cards.data || cards.data.length === 0) return null;
  return (
    <>
      {cards.data.map((c) => (
        <Badge key={c.scorecardId} title={`${c.scorecardName}: ${c.level ?? 'no level'}, score ${c.score}%`}>
          {c.scorecardName}: {c.level ?? 'no level'}
        </Badge>
      ))}
    </>
  );
}
