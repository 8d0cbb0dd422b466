// The changes between two versions of an API: breaking first, by rule, with where each change is, the
// operations a schema change reaches and the registered consumers the breaking ones affect.
import { Link } from '@tanstack/react-router';
import { AlertOctagon, Users } from 'lucide-react';
import { useMemo } from 'react';
import type { ApiSpecSummary } from './queries';
import { useApiSpecDiff } from './queries';
import { Badge } from '../../components/ui/badge';
import { Field, Select } from '../../components/ui/input';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { buildDiffView, type Level, type RuleGroup } from './diff-model';
import { ReachesList } from './diff-reaches';

const LEVEL_TONE: Record<Level, 'danger' | 'warning' | 'neutral'> = {
  error: 'danger',
  warning: 'warning',
  info: 'neutral',
};
const LEVEL_WORD: Record<Level, string> = { error: 'breaking', warning: 'warning', info: 'info' };

export const versionLabel = (s: ApiSpecSummary) =>
  `${s.version} · ${s.name}${s.status !== 'active' ? ` (${s.status})` : ''}`;

function RuleBlock({ group, newId, oldId }: { group: RuleGroup; newId: string; oldId: string }) {
  return (
    <li className="rounded-lg border">
      <div className="flex flex-wrap items-center gap-2 border-b bg-muted/50 px-3 py-2">
        <Badge tone={LEVEL_TONE[group.level]}>{LEVEL_WORD[group.level]}</Badge>
        <code className="text-[13px] font-semibold">{group.rule}</code>
        <span className="text-xs text-muted-foreground">
          {group.entries.length} {group.entries.length === 1 ? 'change' : 'changes'}
        </span>
      </div>
      <ul className="divide-y">
        {group.entries.map((e, i) => (
          <li key={`${e.path}|${e.location}|${i}`} className="grid gap-0.5 px-3 py-2 text-[13px]">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono font-medium break-all">{e.path || '(document)'}</span>
              {e.location && <span className="font-mono text-xs break-all text-muted-foreground">{e.location}</span>}
            </div>
            <p>{e.detail}</p>
            {e.reaches && e.reaches.count > 0 && (
              <ReachesList
                newId={newId}
                oldId={oldId}
                entry={e.index}
                count={e.reaches.count}
                first={e.reaches.operations}
              />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

type DiffModel = ReturnType<typeof buildDiffView>;

/** The two versions compared: "changes in" (new) and "compared with" (old). */
function VersionPickers({
  ordered,
  newId,
  oldId,
  onChange,
}: {
  ordered: ApiSpecSummary[];
  newId: string;
  oldId: string;
  onChange: (newId: string, oldId: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2" role="group" aria-label="Versions to compare">
      <Field label="Changes in (new version)">
        {(id) => (
          <Select
            id={id}
            value={newId}
            onChange={(e) => onChange(e.target.value, e.target.value === oldId ? newId : oldId)}
          >
            {ordered.map((s) => (
              <option key={s.id} value={s.id}>
                {versionLabel(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Compared with (old version)">
        {(id) => (
          <Select
            id={id}
            value={oldId}
            onChange={(e) => onChange(e.target.value === newId ? oldId : newId, e.target.value)}
          >
            {ordered.map((s) => (
              <option key={s.id} value={s.id}>
                {versionLabel(s)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

/** How many changes are breaking, and the count per rule. */
function DiffSummary({ view }: { view: DiffModel }) {
  return (
    <section aria-label="Summary" className="flex flex-wrap items-center gap-2 text-[13px]">
      <Badge tone={view.breaking ? 'danger' : 'success'} className="text-[13px]">
        {view.breaking} breaking
      </Badge>
      <span className="text-muted-foreground">of {view.total} changes</span>
      <ul className="flex flex-wrap gap-1.5" aria-label="Changes per rule">
        {view.summary.map((s) => (
          <li key={`${s.level}|${s.rule}`}>
            <Badge tone={LEVEL_TONE[s.level]} className="font-mono">
              {s.rule} × {s.count}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The registered consumers of the old version, which the breaking changes reach. */
function AffectedConsumers({ consumers }: { consumers: DiffModel['consumers'] }) {
  return (
    <section aria-label="Affected consumers" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3">
      <h2 className="mb-1.5 flex items-center gap-2 text-sm font-semibold">
        <Users aria-hidden className="size-4" /> Consumers the breaking changes reach
      </h2>
      {consumers.length === 0 ? (
        <p className="text-[13px] text-muted-foreground">No consumer is registered for the old version.</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5 text-[13px]">
          {consumers.map((c) => (
            <li key={`${c.componentId ?? ''}${c.teamId ?? ''}${c.name}`}>
              {c.teamId && !c.componentId ? (
                <Link
                  to="/teams/$teamId"
                  params={{ teamId: c.teamId }}
                  className="rounded border px-2 py-0.5 text-primary hover:underline"
                >
                  team {c.name}
                </Link>
              ) : (
                <span className="rounded border px-2 py-0.5">{c.name}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Picking on one side the version shown on the other swaps them, so any two versions can be compared either way. */
export function DiffView({
  versions,
  newId,
  oldId,
  onChange,
}: {
  versions: ApiSpecSummary[];
  newId: string;
  oldId: string;
  onChange: (newId: string, oldId: string) => void;
}) {
  const diff = useApiSpecDiff(newId, oldId);
  const view = useMemo(() => (diff.data ? buildDiffView(diff.data) : undefined), [diff.data]);
  const ordered = [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  return (
    <div className="grid grid-cols-1 gap-4">
      <VersionPickers ordered={ordered} newId={newId} oldId={oldId} onChange={onChange} />

      {newId === oldId ? (
        <EmptyState title="Choose two different versions">
          Pick the version whose changes you want to see and an older one to compare it with.
        </EmptyState>
      ) : diff.isPending ? (
        <Loading rows={4} label="Comparing the versions" />
      ) : diff.error ? (
        <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />
      ) : view && view.total === 0 ? (
        <EmptyState title="No changes">The two versions describe the same API.</EmptyState>
      ) : view ? (
        <>
          <DiffSummary view={view} />

          {view.breaking > 0 && <AffectedConsumers consumers={view.consumers} />}

          {view.groups.map((g) => (
            <section key={g.level} aria-labelledby={`diff-${g.level}`}>
              <h2 id={`diff-${g.level}`} className="mb-2 flex items-center gap-2 text-sm font-semibold">
                {g.level === 'error' && <AlertOctagon aria-hidden className="size-4 text-destructive" />}
                {g.label} <Badge>{g.count}</Badge>
              </h2>
              <ul className="grid grid-cols-1 gap-2">
                {g.rules.map((r) => (
                  <RuleBlock key={r.rule} group={r} newId={newId} oldId={oldId} />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </div>
  );
}
