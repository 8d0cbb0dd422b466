// The entity's own fields (description, links, annotations, labels, source) and its relations both ways,
// grouped by type: the text alternative of the graph.
import { Link } from '@tanstack/react-router';
import { ExternalLink } from 'lucide-react';
import type { CatalogEntity, Relation } from '../queries';
import { useConsumedApis } from '../queries';
import { canonicalEdge, linkForRef, parseRef } from '../../../components/graph/graph-model';
import { Badge } from '../../../components/ui/badge';
import { QueryView, SectionTitle } from './tab-states';
import type { UseQueryResult } from '@tanstack/react-query';

/** http(s) links only: a descriptor's `javascript:` URL is shown as text, never made clickable. */
const safeUrl = (url: string) => /^https?:\/\//i.test(url);

function KeyValues({ label, values }: { label: string; values: Record<string, string> }) {
  const entries = Object.entries(values).sort(([a], [b]) => a.localeCompare(b));
  return (
    <section aria-label={label}>
      <SectionTitle>{label}</SectionTitle>
      {entries.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">None.</p>
      ) : (
        <dl className="grid grid-cols-[minmax(8rem,max-content)_1fr] gap-x-4 gap-y-1 text-[13px]">
          {entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-mono break-all text-muted-foreground">{k}</dt>
              <dd className="font-mono break-all">{v}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function RefLink({ refText, entityId }: { refText: string; entityId: string | null }) {
  const link = linkForRef(refText, entityId);
  const { kind, namespace, name } = parseRef(refText);
  const text = (
    <>
      <span className="text-muted-foreground">{kind}:</span>
      {namespace !== 'default' && <span className="text-muted-foreground">{namespace}/</span>}
      {name}
    </>
  );
  if (!link) return <span title="Not registered in the catalog yet">{text}</span>;
  return (
    <Link {...link} className="text-primary hover:underline">
      {text}
    </Link>
  );
}

/** Relation types in reading order, with the words a person uses. */
const TYPE_LABELS: Record<string, string> = {
  ownedBy: 'Owned by',
  ownerOf: 'Owner of',
  partOf: 'Part of',
  hasPart: 'Has part',
  providesApi: 'Provides API',
  apiProvidedBy: 'API provided by',
  consumesApi: 'Consumes API',
  apiConsumedBy: 'API consumed by',
  dependsOn: 'Depends on',
  dependencyOf: 'Dependency of',
  childOf: 'Child of',
  parentOf: 'Parent of',
  memberOf: 'Member of',
  hasMember: 'Has member',
};

export function RelationsList({ relations }: { relations: Relation[] }) {
  const groups = new Map<string, Relation[]>();
  for (const r of relations) groups.set(r.type, [...(groups.get(r.type) ?? []), r]);
  const ordered = [...groups].sort(([a], [b]) => a.localeCompare(b));
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {ordered.map(([type, rows]) => (
        <div key={type} className="rounded-lg border p-3">
          <dt className="mb-1.5 flex items-center gap-2 text-[13px] font-medium">
            {TYPE_LABELS[type] ?? type}
            <Badge>{rows.length}</Badge>
            <span className="sr-only">
              ({canonicalEdge({ type, source: 'a', target: 'b' }).source === 'a' ? 'outgoing' : 'incoming'})
            </span>
          </dt>
          <dd>
            <ul className="grid max-h-60 gap-0.5 overflow-auto text-[13px]">
              {rows.map((r) => (
                <li key={r.target} className="truncate">
                  <RefLink refText={r.target} entityId={r.targetId} />
                </li>
              ))}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The API spec versions this component is registered as consuming (GET …/consumed-apis, decision 709). */
function ConsumedApis({ entity }: { entity: CatalogEntity }) {
  const consumed = useConsumedApis(entity.id);
  return (
    <section aria-label="APIs it consumes">
      <SectionTitle>APIs it consumes</SectionTitle>
      <QueryView
        query={consumed}
        label="consumed APIs"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: 'No consumed API registered',
          body: 'An admin registers this component as a consumer on an API’s Consumers tab.',
        }}
      >
        {(list) => (
          <ul className="flex flex-wrap gap-2" aria-label="Consumed API versions">
            {list.map((s) => (
              <li key={s.id} className="inline-flex items-center gap-1.5 rounded-md border px-2 py-1 text-[13px]">
                <span className="font-medium">{s.name}</span>
                <span className="font-mono">{s.version}</span>
                <Badge tone={s.status === 'active' ? 'success' : s.status === 'deprecated' ? 'warning' : 'danger'}>
                  {s.status}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

export function OverviewTab({ entity, relations }: { entity: CatalogEntity; relations: UseQueryResult<Relation[]> }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-label="Relations">
        <SectionTitle>Relations</SectionTitle>
        <QueryView
          query={relations}
          label="relations"
          isEmpty={(r) => r.length === 0}
          empty={{
            title: 'No relations',
            body: 'Relations come from the descriptor: spec.owner, spec.system, providesApis, consumesApis, dependsOn…',
          }}
        >
          {(rows) => <RelationsList relations={rows} />}
        </QueryView>
      </section>
      <ConsumedApis entity={entity} />
      <section aria-label="Links">
        <SectionTitle>Links</SectionTitle>
        {entity.links.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">None. Add metadata.links to the descriptor.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {entity.links.map((l) => (
              <li key={l.url}>
                {safeUrl(l.url) ? (
                  <a
                    href={l.url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="inline-flex items-center gap-1 rounded-md border px-2 py-1 text-[13px] hover:bg-muted"
                  >
                    {l.title || l.url} <ExternalLink aria-hidden className="size-3" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                ) : (
                  <span className="rounded-md border px-2 py-1 text-[13px]">{l.title || l.url}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <KeyValues label="Annotations" values={entity.annotations} />
        <KeyValues label="Labels" values={entity.labels} />
      </div>
      {entity.source?.file && (
        <p className="text-xs text-muted-foreground">
          Source: <code>{entity.source.file}</code>
        </p>
      )}
    </div>
  );
}
