import { Badge } from '../../components/ui/badge';
import { SEVERITIES, SEVERITY_LABELS, type IncidentStatus, type Severity } from './queries';

export function SeverityBadge({ severity }: { severity: Severity }) {
  const tone = severity === 'P1' ? 'danger' : severity === 'P2' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{SEVERITY_LABELS[severity]}</Badge>;
}

/** The severities as a select's options, by their labels. */
export function SeverityOptions() {
  return SEVERITIES.map((s) => (
    <option key={s} value={s}>
      {SEVERITY_LABELS[s]}
    </option>
  ));
}

export function StatusBadge({ status }: { status: IncidentStatus }) {
  return <Badge tone={status === 'resolved' ? 'success' : status === 'open' ? 'danger' : 'warning'}>{status}</Badge>;
}
