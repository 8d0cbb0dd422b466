// Who made a deployment, shared by the deployments feed, a deployment's page and an entity's
// deployments tab.
import { ExternalLink } from 'lucide-react';

interface Origin {
  pipelineRunId: string | null;
  source: string | null;
  url: string | null;
}

/**
 * Who made a deployment: a Hangar pipeline run, or the system that reported it (decision 869), linked
 * to its run's page when the event named one. Only http(s) links are ever rendered.
 */
export function DeploymentOrigin({ d }: { d: Origin }) {
  if (d.pipelineRunId)
    return <span className="font-mono text-xs text-muted-foreground">run {d.pipelineRunId.slice(0, 8)}</span>;
  if (!d.source) return <span className="text-muted-foreground">—</span>;
  if (d.url && /^https?:\/\//i.test(d.url))
    return (
      <a
        href={d.url}
        target="_blank"
        rel="noreferrer noopener"
        className="inline-flex items-center gap-1 text-primary hover:underline"
      >
        {d.source}
        <ExternalLink aria-hidden className="size-3" />
        <span className="sr-only">(opens the run in a new tab)</span>
      </a>
    );
  return <span>{d.source}</span>;
}
