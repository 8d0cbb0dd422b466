// Small pieces shared by the gallery and a template's page: a request's status badge and times.
import { Badge } from '../../components/ui/badge';

const TONES = { pending: 'warning', in_progress: 'warning', completed: 'success', failed: 'danger' } as const;
const LABELS = { pending: 'queued', in_progress: 'in progress', completed: 'completed', failed: 'failed' } as const;

export function ScaffoldStatusBadge({ status }: { status: keyof typeof TONES }) {
  return <Badge tone={TONES[status]}>{LABELS[status]}</Badge>;
}
