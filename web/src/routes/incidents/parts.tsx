import { Badge } from '../../components/ui/badge';
import { SEVERITY_LABELS, type IncidentStatus, type Severity } from '../../api/queries/incidents';

export function SeverityBadge({ severity }: { severity: Severity }) {
  const tone = severity === 'P1' ? 'danger' : severity === 'P2' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{SEVERITY_LABELS[severity]}</Badge>;
}

export function StatusBadge({ status }: { status: IncidentStatus }) {
  return <Badge tone={status === 'resolved' ? 'success' : status === 'open' ? 'danger' : 'warning'}>{status}</Badge>;
}

export const formatTime = (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
