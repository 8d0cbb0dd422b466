import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useComponentNames, useGatewayRoute, useGitopsApp, useLinkGatewayRoute } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { ErrorState } from '../../components/ui/states';
import { ComponentPicker } from './component-picker';
import { Section, toneOf } from './integration-shell';
import { formatDateTime } from '../../lib/format';

function Close({ label, onClose }: { label: string; onClose: () => void }) {
  return (
    <Button size="sm" variant="secondary" onClick={onClose} aria-label={label}>
      <X aria-hidden className="size-3.5" /> Close
    </Button>
  );
}

const Row = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="text-muted-foreground">{term}</dt>
    <dd className="break-all">{children}</dd>
  </>
);

/** One Argo CD application read on its own (its source path included). */
export function GitopsAppDetail({ name, onClose }: { name: string; onClose: () => void }) {
  const app = useGitopsApp(name);
  return (
    <Section title={`Application ${name}`} aside={<Close label={`Close application ${name}`} onClose={onClose} />}>
      <QueryState query={app} label={`application ${name}`}>
        {(a) => (
          <dl
            className="grid gap-x-4 gap-y-1 rounded-lg border p-3 text-[13px] sm:grid-cols-[auto_minmax(0,1fr)]"
            aria-label={`Application ${name}`}
          >
            <Row term="Project">{a.spec.project ?? '—'}</Row>
            <Row term="Health">
              <Badge tone={toneOf(a.status.health.status)}>{a.status.health.status}</Badge>
            </Row>
            <Row term="Sync">
              <Badge tone={toneOf(a.status.sync.status)}>{a.status.sync.status}</Badge>{' '}
              <span className="font-mono">{a.status.sync.revision ?? ''}</span>
            </Row>
            <Row term="Repository">{a.spec.source.repoURL ?? '—'}</Row>
            <Row term="Path">{a.spec.source.path ?? '—'}</Row>
            <Row term="Target revision">{a.spec.source.targetRevision ?? '—'}</Row>
            <Row term="Destination">
              {[a.spec.destination.server, a.spec.destination.namespace].filter(Boolean).join(' / ') || '—'}
            </Row>
            <Row term="Last operation">
              {a.status.operationState.phase ?? '—'} {formatDateTime(a.status.operationState.finishedAt)}
            </Row>
          </dl>
        )}
      </QueryState>
    </Section>
  );
}

/** One gateway route; admins link it to the catalog component that serves it, or unlink it. */
export function GatewayRouteDetail({ id, admin, onClose }: { id: string; admin: boolean; onClose: () => void }) {
  const route = useGatewayRoute(id);
  const link = useLinkGatewayRoute(id);
  const [picked, setPicked] = useState<string>();
  const linked = route.data?.componentId;
  const names = useComponentNames(linked ? [linked] : []);
  return (
    <Section title="Route detail" aside={<Close label="Close route detail" onClose={onClose} />}>
      <QueryState query={route} label="route">
        {(r) => (
          <div className="grid gap-3 rounded-lg border p-3">
            <dl
              className="grid gap-x-4 gap-y-1 text-[13px] sm:grid-cols-[auto_minmax(0,1fr)]"
              aria-label={`Route ${r.name}`}
            >
              <Row term="Route">
                {r.name} {r.stale && <Badge tone="warning">stale since {formatDateTime(r.staleSince)}</Badge>}
              </Row>
              <Row term="Gateway">
                {r.gatewayType} <span className="font-mono text-xs">{r.externalId}</span>
              </Row>
              <Row term="Methods">{r.methods.join(', ') || 'any'}</Row>
              <Row term="Paths">
                <span className="font-mono">{r.paths.join(' ') || '—'}</span>
              </Row>
              <Row term="Tags">{r.tags.join(', ') || '—'}</Row>
              <Row term="Component">{r.componentId ? (names.get(r.componentId) ?? r.componentId) : 'not linked'}</Row>
              <Row term="Synced">{formatDateTime(r.syncedAt)}</Row>
            </dl>
            {admin && (
              <div className="grid gap-2">
                <ComponentPicker selected={picked ?? r.componentId ?? undefined} onSelect={setPicked} />
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" disabled={!picked || link.isPending} onClick={() => picked && link.mutate(picked)}>
                    Link to component
                  </Button>
                  {r.componentId && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={link.isPending}
                      onClick={() => (setPicked(undefined), link.mutate(null))}
                    >
                      Unlink
                    </Button>
                  )}
                </div>
                {link.error && <ErrorState error={link.error} />}
                {link.isSuccess && (
                  <p role="status" className="text-[13px]">
                    {link.data.componentId ? 'Route linked.' : 'Route unlinked.'}
                  </p>
                )}
              </div>
            )}
          </div>
        )}
      </QueryState>
    </Section>
  );
}
