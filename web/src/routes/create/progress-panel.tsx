// A scaffold's progress: queued, rendering and committing, then done, followed live (scaffold.*
// events, and a read every 2 s until it finishes) and announced to screen readers; when it completes,
// links to the new repository and its catalog entity.
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle, ExternalLink, Loader2, XCircle } from 'lucide-react';
import { useScaffoldedComponent, useScaffoldRequest, type ScaffoldRequest, type ServiceTemplate } from './queries';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { repositoryName, repositoryWebUrl } from './repository-url';
import { ScaffoldStatusBadge } from './scaffold-status';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

type Step = 'done' | 'active' | 'failed' | 'waiting';

function steps({
  status,
  componentId,
}: Pick<ScaffoldRequest, 'status' | 'componentId'>): { label: string; state: Step }[] {
  const order = ['pending', 'in_progress', 'completed'];
  const at = status === 'failed' ? -1 : order.indexOf(status);
  return [
    { label: 'Queued', state: at > 0 || status === 'failed' ? 'done' : 'active' },
    {
      label: 'Rendering the files and committing them',
      state: status === 'failed' ? 'failed' : at > 1 ? 'done' : at === 1 ? 'active' : 'waiting',
    },
    status === 'completed' && !componentId
      ? { label: 'Not registered in the catalog', state: 'waiting' }
      : { label: 'Registered in the catalog', state: status === 'completed' ? 'done' : 'waiting' },
  ];
}

const ICONS = { done: CheckCircle2, active: Loader2, failed: XCircle, waiting: Circle };
const TONES = {
  done: 'text-success',
  active: 'text-primary animate-spin motion-reduce:animate-none',
  failed: 'text-destructive',
  waiting: 'text-muted-foreground',
};
const STATE_WORDS = { done: 'done', active: 'in progress', failed: 'failed', waiting: 'not started' };

export function ProgressPanel({ requestId, template }: { requestId: string; template: ServiceTemplate }) {
  const request = useScaffoldRequest(requestId);
  return (
    <QueryState query={request} label="the scaffold request" rows={3}>
      {(data) => {
        const r = data;
        const name = repositoryName(r.targetRepository);
        return (
          <section aria-labelledby="progress-heading" className="grid max-w-2xl gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="progress-heading" className="text-base font-semibold">
                Creating {name}
              </h2>
              <ScaffoldStatusBadge status={r.status} />
              <span className="text-xs text-muted-foreground">requested {formatDateTime(r.createdAt)}</span>
            </div>
            <ol aria-label="Progress" className="grid gap-2">
              {steps(r).map((s) => {
                const Icon = ICONS[s.state];
                return (
                  <li key={s.label} className="flex items-center gap-2 text-[13px]">
                    <Icon aria-hidden className={cn('size-4 shrink-0', TONES[s.state])} />
                    <span className={cn(s.state === 'waiting' && 'text-muted-foreground')}>{s.label}</span>
                    <span className="sr-only">({STATE_WORDS[s.state]})</span>
                  </li>
                );
              })}
            </ol>
            {/* One live region: its text changes when the status does. */}
            <p aria-live="polite" className="text-[13px]">
              {r.status === 'pending'
                ? 'Waiting for a worker to pick up the request…'
                : r.status === 'in_progress'
                  ? 'Rendering the template and pushing to the repository…'
                  : r.status === 'completed'
                    ? `Done. ${r.statusMessage ?? ''}`
                    : `Failed. ${r.statusMessage ?? ''}`}
            </p>
            {r.status === 'completed' && <Completed request={r} />}
            {r.status === 'failed' && (
              <div className="flex flex-wrap gap-2">
                <Button asChild variant="secondary" size="sm">
                  <Link to="/create/$templateId" params={{ templateId: template.id }} search={{ preview: r.id }}>
                    Change the settings and try again
                  </Link>
                </Button>
              </div>
            )}
          </section>
        );
      }}
    </QueryState>
  );
}

function Completed({ request: r }: { request: ScaffoldRequest }) {
  const web = repositoryWebUrl(r.targetRepository);
  const component = useScaffoldedComponent(r.componentId);
  return (
    <div className="grid gap-3 rounded-lg border border-success/40 p-4">
      <h3 className="text-sm font-semibold">Your service is ready</h3>
      <ul className="grid gap-2 text-[13px]">
        <li className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">Repository</span>
          {web ? (
            <a
              href={web}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex w-fit items-center gap-1 font-medium text-primary hover:underline"
            >
              {web} <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <code className="font-mono text-xs break-all">{r.targetRepository}</code>
          )}
        </li>
        <li className="grid gap-0.5">
          <span className="text-xs text-muted-foreground">Catalog entity</span>
          {!r.componentId ? (
            <span className="text-muted-foreground">
              Not registered: the template has no catalog-info.yaml, or the catalog refused it (see the message above).
            </span>
          ) : component.data ? (
            <Link
              to="/catalog/$kind/$namespace/$name"
              params={{
                kind: component.data.entityKind.toLowerCase(),
                namespace: component.data.namespace,
                name: component.data.name,
              }}
              className="w-fit font-medium text-primary hover:underline"
            >
              Open {component.data.name} in the catalog
            </Link>
          ) : component.isError ? (
            <span className="text-muted-foreground">
              The catalog entity could not be read: {(component.error as Error).message}
            </span>
          ) : (
            <span className="text-muted-foreground">Loading…</span>
          )}
        </li>
      </ul>
      {r.renderedFiles && (
        <details className="text-[13px]">
          <summary className="cursor-pointer font-medium">{r.renderedFiles.length} files committed</summary>
          <ul className="mt-2 grid gap-0.5 font-mono text-xs">
            {r.renderedFiles.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
