import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { duration } from './dora-search';
import type { DoraMetrics, DrillKind } from './queries';

/** The four keys as cards, each with its band and a button that opens its drill-down. */
type Band = 'elite' | 'high' | 'medium' | 'low' | null;
const TONE = { elite: 'success', high: 'primary', medium: 'warning', low: 'danger' } as const;

export function BandBadge({ band }: { band: Band }) {
  if (!band) return <Badge>no data</Badge>;
  return <Badge tone={TONE[band]}>{band}</Badge>;
}

function KeyCard(props: {
  title: string;
  value: string;
  band: Band;
  detail: string;
  drill: DrillKind;
  onDrill: (d: DrillKind) => void;
}) {
  return (
    <section aria-label={props.title} className="grid content-start gap-1.5 rounded-lg border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-[13px] font-medium text-muted-foreground">{props.title}</h2>
        <BandBadge band={props.band} />
      </div>
      <p className="text-2xl font-semibold tracking-tight">{props.value}</p>
      <p className="text-[12px] text-muted-foreground">{props.detail}</p>
      <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => props.onDrill(props.drill)}>
        Show records
      </Button>
    </section>
  );
}

export function Keys({ m, onDrill }: { m: DoraMetrics; onDrill: (d: DrillKind) => void }) {
  const f = m.deploymentFrequency;
  const l = m.changeLeadTime;
  const r = m.changeFailureRate;
  const t = m.failedDeploymentRecoveryTime;
  const unread =
    l.deploymentsPending + l.deploymentsWithoutRepository + l.deploymentsWithoutRevision + l.deploymentsUnreadable;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <KeyCard
        title="Deployment frequency"
        value={f.perDay >= 1 ? `${f.perDay.toFixed(1)} / day` : `${f.perWeek.toFixed(1)} / week`}
        band={f.band}
        detail={`${f.deployments} deployments in ${Math.round(m.days)} days`}
        drill="deployments"
        onDrill={onDrill}
      />
      <KeyCard
        title="Change lead time"
        value={duration(l.medianSeconds)}
        band={l.band}
        detail={`median of ${l.changes} commits; ${l.skewedExcluded} excluded for clock skew${unread ? `; ${unread} deployments without commits` : ''}`}
        drill="changes"
        onDrill={onDrill}
      />
      <KeyCard
        title="Change failure rate"
        value={r.rate === null ? '—' : `${(r.rate * 100).toFixed(1)} %`}
        band={r.band}
        detail={`${r.failedDeployments} of ${r.deployments} deployments failed (${r.rolledBack} rolled back, ${r.withIncidents} with incidents)`}
        drill="failed"
        onDrill={onDrill}
      />
      <KeyCard
        title="Failed deployment recovery time"
        value={duration(t.medianSeconds)}
        band={t.band}
        detail={`median of ${t.recovered} recovered; ${t.unrecovered} not recovered yet`}
        drill="incidents"
        onDrill={onDrill}
      />
    </div>
  );
}
