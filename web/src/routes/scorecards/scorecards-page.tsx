import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useScorecards } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DemoHint, EmptyState } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';
import { DefinitionEditor } from './definition-editor';
import { QueryState } from '../../components/ui/query-state';

export function ScorecardsPage() {
  const list = useScorecards();
  const isAdmin = useIsAdmin();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold tracking-tight">Scorecards</h1>
          <p className="text-[13px] text-muted-foreground">
            Levels and scores of catalog entities, from the facts Hangar records.
          </p>
        </div>
        {isAdmin && !creating && <Button onClick={() => setCreating(true)}>New scorecard</Button>}
      </div>
      {creating && (
        <section aria-labelledby="new-scorecard" className="grid gap-2 rounded-lg border p-4">
          <h2 id="new-scorecard" className="text-sm font-semibold">
            New scorecard
          </h2>
          <DefinitionEditor
            onSaved={(s) => void navigate({ to: '/scorecards/$scorecardId', params: { scorecardId: s.id } })}
          />
        </section>
      )}
      <QueryState query={list} label="scorecards" rows={4}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title="No scorecard yet">
              Choose an organization to see its built-in Production readiness scorecard, or create one.
              <DemoHint />
            </EmptyState>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {loaded.data.map((s) => (
                <li key={s.id} className="grid gap-2 rounded-lg border p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to="/scorecards/$scorecardId"
                      params={{ scorecardId: s.id }}
                      className="font-medium text-primary hover:underline"
                    >
                      {s.name}
                    </Link>
                    {s.builtIn && <Badge tone="primary">built-in</Badge>}
                  </div>
                  {s.description && <p className="text-[13px] text-muted-foreground">{s.description}</p>}
                  <p className="flex flex-wrap items-center gap-1 text-xs">
                    <span className="text-muted-foreground">Levels:</span>
                    {s.levels.map((l) => (
                      <LevelChip key={l.name} name={l.name} colour={l.colour} />
                    ))}
                    <span className="text-muted-foreground">· {s.rules.length} rules</span>
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

/** A level's name beside a swatch of its colour (the name carries the meaning; the colour only helps). */
export function LevelChip({ name, colour }: { name: string | null; colour?: string | null }) {
  return (
    <span className="inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium">
      <span
        aria-hidden
        className="inline-block size-2.5 rounded-full border"
        style={{ backgroundColor: colour ?? 'transparent' }}
      />
      {name ?? 'No level'}
    </span>
  );
}
