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
import { Textarea, TextareaField } from '../../components/ui/input';
import { describeError, EmptyState } from '../../components/ui/states';
import { SafeMarkdown } from './markdown';
import { useCan } from '../../api/permissions';
import { useIsAdmin } from '../../lib/use-session';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

/** The shared text area in the write-up's monospace, so line-based lists read as typed. */
const mono = 'font-mono text-[13px]';

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

/** The write-up in Markdown, or its rendering while previewed (the same sanitiser as the page's). */
function WriteUpField({ body, setBody }: { body: string; setBody: (body: string) => void }) {
  const [preview, setPreview] = useState(false);
  return (
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
        <Textarea
          aria-labelledby="pm-body-label"
          rows={10}
          maxLength={200000}
          className={mono}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      )}
    </div>
  );
}

/** The form's fields as the text a person edits, and the body the server stores. */
function usePostMortemDraft(existing: PostMortem | null | undefined) {
  const [rootCause, setRootCause] = useState(existing?.rootCause ?? '');
  const [factors, setFactors] = useState((existing?.contributingFactors ?? []).join('\n'));
  const [actions, setActions] = useState(actionItemsText(existing?.actionItems ?? []));
  const [body, setBody] = useState(existing?.body ?? '');
  const fields = (): PostMortemFields => ({
    rootCause: rootCause.trim(),
    body,
    contributingFactors: factors
      .split('\n')
      .map((f) => f.trim())
      .filter(Boolean),
    actionItems: parseActionItems(actions),
  });
  return { rootCause, setRootCause, factors, setFactors, actions, setActions, body, setBody, fields };
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
  const draft = usePostMortemDraft(existing);
  const save = useSavePostMortem(incidentId, existing);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft.fields(), { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border p-3">
      <TextareaField
        label="Root cause (Markdown)"
        required
        rows={3}
        maxLength={20000}
        className={mono}
        value={draft.rootCause}
        onChange={(e) => draft.setRootCause(e.target.value)}
      />
      <TextareaField
        label="Contributing factors"
        description="One per line."
        rows={3}
        className={mono}
        value={draft.factors}
        onChange={(e) => draft.setFactors(e.target.value)}
      />
      <TextareaField
        label="Action items"
        description="One per line: [ ] to do, [x] done; end with @name to assign."
        rows={3}
        className={mono}
        value={draft.actions}
        onChange={(e) => draft.setActions(e.target.value)}
      />
      <WriteUpField body={draft.body} setBody={draft.setBody} />
      {save.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(save.error).message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || !draft.rootCause.trim()}>
          Save post-mortem
        </Button>
      </div>
    </form>
  );
}
