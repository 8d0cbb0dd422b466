// The API specs of one catalog entity: its versions with their lifecycle, the selected version rendered
// (Scalar for OpenAPI, the portal's own view for AsyncAPI), the diff between two versions and the
// consumers. Used by the API page and by the entity page's "API specs" tab; the selection is in the URL.
import { lazy, Suspense } from 'react';
import type { ApiSpecSummary } from './queries';
import { useApiSpec, useApiSpecConsumers, useApiSpecs } from './queries';
import { EmptyState, Loading } from '../../components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTheme } from '../../lib/theme';
import { useCan } from '../../api/permissions';
import { useIsAdmin } from '../../lib/use-session';
import { defaultComparison } from './diff-model';
import { DiffView } from './diff-view';
import { AddConsumerForm, RegisterSpecDialog, RemoveConsumerButton } from './spec-actions';
import { SpecVersionsTable } from './spec-versions';
import { QueryState } from '../../components/ui/query-state';
import type { SpecSearch } from './apis-search';

const SpecReference = lazy(() => import('./spec-reference'));
const AsyncApiView = lazy(() => import('./asyncapi-view'));

function Reference({ id }: { id: string }) {
  const spec = useApiSpec(id);
  const theme = useTheme();
  return (
    <QueryState query={spec} label="the spec" rows={6}>
      {(data) => {
        const format = data.format.toLowerCase();
        return (
          <Suspense fallback={<Loading rows={6} label="Loading the API reference" />}>
            {format === 'openapi' ? (
              <SpecReference content={data.spec} dark={theme === 'dark'} />
            ) : format === 'asyncapi' ? (
              <AsyncApiView content={data.spec} />
            ) : (
              <section aria-label={`${data.name} definition`}>
                <p className="mb-2 text-[13px] text-muted-foreground">A {data.format} definition, shown as text.</p>
                <pre className="max-h-[70vh] overflow-auto rounded-lg border bg-muted p-3 font-mono text-[12px]">
                  {data.spec}
                </pre>
              </section>
            )}
          </Suspense>
        );
      }}
    </QueryState>
  );
}

/** Spec writes are admin-only (decision 706). */
function ConsumerList({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const consumers = useApiSpecConsumers(id);
  return (
    <QueryState query={consumers} label="consumers" rows={2}>
      {(data) => {
        if (data.length === 0)
          return (
            <EmptyState title="No registered consumer">
              {isAdmin
                ? 'Register a component or a team that calls this API'
                : 'An admin registers the components and teams that call this API'}{' '}
              so breaking changes name it.
            </EmptyState>
          );
        return (
          <ul className="grid gap-1 text-[13px]" aria-label="Consumers">
            {data.map((c) => {
              const label = c.consumerComponentId ? `component ${c.consumerComponentId}` : `team ${c.consumerTeamId}`;
              return (
                <li key={c.id} className="flex items-center gap-2">
                  <span className="font-mono">{label}</span>
                  {isAdmin && <RemoveConsumerButton specId={id} consumerId={c.id} label={label} />}
                </li>
              );
            })}
          </ul>
        );
      }}
    </QueryState>
  );
}

function Consumers({ id }: { id: string }) {
  const isAdmin = useIsAdmin();
  return (
    <div className="grid gap-3">
      <ConsumerList id={id} isAdmin={isAdmin} />
      {isAdmin && <AddConsumerForm specId={id} />}
    </div>
  );
}

/** The versions, the selected one's reference, its changes against another and its consumers. */
function SpecVersionsView({
  versions,
  componentId,
  canWrite,
  search,
  onSearch,
}: {
  versions: ApiSpecSummary[];
  componentId: string;
  canWrite: boolean;
  search: SpecSearch;
  onSearch: (patch: SpecSearch) => void;
}) {
  const selected = versions.find((v) => v.id === search.spec) ?? versions[0];
  const pair =
    search.compare && search.compare !== selected.id
      ? ([selected.id, search.compare] as [string, string])
      : defaultComparison(versions, selected.id);
  const view = search.view ?? 'reference';

  return (
    <div className="grid grid-cols-1 gap-4">
      {canWrite && (
        <div className="flex justify-end">
          <RegisterSpecDialog componentId={componentId} defaultName={selected.name} />
        </div>
      )}
      <SpecVersionsTable
        versions={versions}
        selectedId={selected.id}
        componentId={componentId}
        canWrite={canWrite}
        onRead={(spec) => onSearch({ spec, compare: undefined })}
      />

      <Tabs
        value={view}
        onValueChange={(v) => onSearch({ view: v === 'reference' ? undefined : (v as SpecSearch['view']) })}
      >
        <TabsList aria-label={`${selected.name} ${selected.version}`}>
          <TabsTrigger value="reference">Reference</TabsTrigger>
          <TabsTrigger value="diff" disabled={!pair} className="disabled:opacity-50">
            Changes
          </TabsTrigger>
          <TabsTrigger value="consumers">Consumers</TabsTrigger>
        </TabsList>
        <TabsContent value="reference">{view === 'reference' && <Reference id={selected.id} />}</TabsContent>
        <TabsContent value="diff">
          {view === 'diff' &&
            (pair ? (
              <DiffView
                versions={versions}
                newId={pair[0]}
                oldId={pair[1]}
                onChange={(spec, compare) => onSearch({ spec, compare })}
              />
            ) : (
              <EmptyState title="Only one version">Register a second version of this API to compare them.</EmptyState>
            ))}
        </TabsContent>
        <TabsContent value="consumers">{view === 'consumers' && <Consumers id={selected.id} />}</TabsContent>
      </Tabs>
    </div>
  );
}

export function SpecPanel({
  componentId,
  search,
  onSearch,
}: {
  componentId: string;
  search: SpecSearch;
  onSearch: (patch: SpecSearch) => void;
}) {
  const specs = useApiSpecs(componentId);
  // Members of the owning team register versions and delete them (decision 951).
  const canWrite = useCan('apiSpec.write', componentId);
  return (
    <QueryState query={specs} label="API specs" rows={3}>
      {(data) => {
        const versions = [...data].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
        if (versions.length === 0)
          return (
            <EmptyState
              title="No API spec registered"
              action={canWrite ? <RegisterSpecDialog componentId={componentId} /> : undefined}
            >
              {canWrite
                ? 'Register an OpenAPI or AsyncAPI document here'
                : 'Members of the owning team register OpenAPI or AsyncAPI documents here'}
              , or give an API entity a spec.definition.
            </EmptyState>
          );
        return (
          <SpecVersionsView
            versions={versions}
            componentId={componentId}
            canWrite={canWrite}
            search={search}
            onSearch={onSearch}
          />
        );
      }}
    </QueryState>
  );
}
