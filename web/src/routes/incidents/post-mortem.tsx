import { useState, type FormEvent } from 'react';
import {
  useApprovePostMortem,
  usePostMortem,
  useSavePostMortem,
  type PostMortem,
  type PostMortemFields,
} from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/input';
import { describeError, EmptyState } from '../../components/ui/states';
import { SafeMarkdown } from './markdown';
import { useCan } from '../../api/permissions';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const area = 'w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px]';

/** Action items as lines: `[x] title @assignee` (done) or `[ ] title`. */
export function parseActionItems(text: string): PostMortemFields['actionItems'] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const done = /^\[x\]/i.test(line);
      const rest = line.replace(/^\[[ x]?\]\s*/i, '');
      const at = /\s@(\S+)$/.exec(rest);
      return { title: (at ? rest.slice(0, at.index) : rest).trim() || rest, ...(at ? { assignee: at[1] } : {}), done };
    });
}
const actionItemsText = (items: PostMortem['actionItems']) =>
  items.map((a) => `[${a.done ? 'x' : ' '}] ${a.title}${a.assignee ? ` @${a.assignee}` : ''}`).join('\n');

export function PostMortemSection({ incidentId }: { incidentId: string }) {
  const pm = usePostMortem(incidentId);
  const isAdmin = useIsAdmin();
  // The commander and the affected components' teams write it; approving stays an admin's (decision 951).
  const canWrite = useCan('incident.update', incidentId);
  const [editing, setEditing] = useState(false);
  const approve = useApprovePostMortem();
  return (
    <section aria-labelledby="post-mortem" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="post-mortem" className="text-sm font-semibold">
          Post-mortem
        </h2>
        {pm.data?.approvedAt && <Badge tone="success">Approved {formatDateTime(String(pm.data.approvedAt))}</Badge>}
        {canWrite && !editing && pm.data !== undefined && (
          <div className="ml-auto flex gap-2">
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {pm.data ? 'Edit post-mortem' : 'Write post-mortem'}
            </Button>
            {isAdmin && pm.data && (
              <Button size="sm" disabled={approve.isPending} onClick={() => approve.mutate(pm.data!.id)}>
                Approve
              </Button>
            )}
          </div>
        )}
      </div>
      {approve.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(approve.error).message}
        </p>
      )}
      <QueryState query={pm} label="the post-mortem" rows={2}>
        {(data) =>
          editing ? (
            <PostMortemForm incidentId={incidentId} existing={data} onDone={() => setEditing(false)} />
          ) : data ? (
            <PostMortemView pm={data} />
          ) : (
            <EmptyState title="No post-mortem yet">
              {canWrite
                ? 'Write one in Markdown: root cause, what contributed, what to do.'
                : 'Its commander or a team owning an affected component writes it.'}
            </EmptyState>
          )
        }
      </QueryState>
    </section>
  );
}

function PostMortemView({ pm }: { pm: PostMortem }) {
  return (
    <article className="grid gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <h3 className="text-[13px] font-semibold text-muted-foreground">Root cause</h3>
        <SafeMarkdown>{pm.rootCause}</SafeMarkdown>
      </div>
      {pm.contributingFactors.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-[13px] font-semibold text-muted-foreground">Contributing factors</h3>
          <ul className="ml-5 list-disc text-sm">
            {pm.contributingFactors.map((f, n) => (
              <li key={n}>{f}</li>
            ))}
          </ul>
        </div>
      )}
      {pm.actionItems.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-[13px] font-semibold text-muted-foreground">Action items</h3>
          <ul className="grid gap-1 text-sm">
            {pm.actionItems.map((a, n) => (
              <li key={n} className="flex items-center gap-2">
                <Badge tone={a.done ? 'success' : 'neutral'}>{a.done ? 'done' : 'to do'}</Badge>
                {a.title}
                {a.assignee && <span className="text-muted-foreground">· {a.assignee}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {pm.body && (
        <div className="grid gap-1">
          <h3 className="text-[13px] font-semibold text-muted-foreground">Write-up</h3>
          <SafeMarkdown>{pm.body}</SafeMarkdown>
        </div>
      )}
    </article>
  );
}

function PostMortemForm({
  incidentId,
  existing,
  onDone,
}: {
  incidentId: string;
  existing: PostMortem | null | undefined;
  onDone: () => void;
}) {
  const [rootCause, setRootCause] = useState(existing?.rootCause ?? '');
  const [factors, setFactors] = useState((existing?.contributingFactors ?? []).join('\n'));
  const [actions, setActions] = useState(actionItemsText(existing?.actionItems ?? []));
  const [body, setBody] = useState(existing?.body ?? '');
  const [preview, setPreview] = useState(false);
  const save = useSavePostMortem(incidentId, existing);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        rootCause: rootCause.trim(),
        body,
        contributingFactors: factors
          .split('\n')
          .map((f) => f.trim())
          .filter(Boolean),
        actionItems: parseActionItems(actions),
      },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-3">
      <Field label="Root cause (Markdown)">
        {(id) => (
          <textarea
            id={id}
            required
            rows={3}
            maxLength={20000}
            className={area}
            value={rootCause}
            onChange={(e) => setRootCause(e.target.value)}
          />
        )}
      </Field>
      <Field label="Contributing factors" hint="One per line.">
        {(id, note) => (
          <textarea
            id={id}
            aria-describedby={note}
            rows={3}
            className={area}
            value={factors}
            onChange={(e) => setFactors(e.target.value)}
          />
        )}
      </Field>
      <Field label="Action items" hint="One per line: [ ] to do, [x] done; end with @name to assign.">
        {(id, note) => (
          <textarea
            id={id}
            aria-describedby={note}
            rows={3}
            className={area}
            value={actions}
            onChange={(e) => setActions(e.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-center gap-2">
          <span className="text-[13px] font-medium" id="pm-body-label">
            Write-up (Markdown)
          </span>
          <Button variant="ghost" size="sm" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? 'Edit' : 'Preview'}
          </Button>
        </div>
        {preview ? (
          <div className="rounded-md border p-3" aria-label="Preview of the write-up" role="region">
            <SafeMarkdown>{body || '_Nothing written yet._'}</SafeMarkdown>
          </div>
        ) : (
          <textarea
            aria-labelledby="pm-body-label"
            rows={10}
            maxLength={200000}
            className={area}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        )}
      </div>
      {save.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(save.error).message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || !rootCause.trim()}>
          Save post-mortem
        </Button>
      </div>
    </form>
  );
}
