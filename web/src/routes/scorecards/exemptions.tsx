// Exemptions of a scorecard (decision 535): the list on the scorecard page, and the admin's dialog that
// waives one failing rule of one entity with a reason until a date.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldError, formError } from '../../api/field-errors';
import { useAllUsers } from '../../api/queries/admin';
import { useCreateExemption, useDeleteExemption, useScorecardExemptions, type Scorecard } from '../../api/queries/scorecards';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { SimpleTable } from '../../components/ui/simple-table';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useSession } from '../../lib/use-session';
import { formatDateTime } from '../entity/tabs/tab-states';
import { defaultExpiryDay, expiryOf } from './exemption-dates';

const SIZE = 50;
/** A result row with failing rules: the admin picks one of them, a reason and the last day it is waived. */
export function ExemptButton({
  scorecard,
  componentId,
  componentRef,
  failing,
}: {
  scorecard: Scorecard;
  componentId: string;
  componentRef: string;
  failing: string[];
}) {
  const [open, setOpen] = useState(false);
  const create = useCreateExemption(scorecard.id);
  const titleOf = new Map(scorecard.rules.map((r) => [r.key, r.title || r.key]));
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { componentId, ruleKey: String(form.get('ruleKey')), reason: String(form.get('reason')), expiresAt: expiryOf(String(form.get('expiresAt'))) };
    create.mutate(body, { onSuccess: () => setOpen(false) });
  };
  const problem = formError(create.error);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) create.reset();
      }}
    >
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-label={`Exempt a rule of ${componentRef}`}>
        Exempt…
      </Button>
      <DialogContent
        title={`Exempt ${componentRef}`}
        description="Waive one failing rule for this entity until a date: it counts as passing for level and score, and the entity is evaluated again at once."
      >
        {/* noValidate: the server checks every field and its 400 names each one (shown under it). */}
        <form noValidate onSubmit={submit} className="grid gap-3">
          {problem && (
            <p role="alert" className="text-[13px] text-destructive">
              {problem}
            </p>
          )}
          <Field label="Rule" error={fieldError(create.error, 'ruleKey')}>
            {(id, describedBy) => (
              <Select id={id} name="ruleKey" aria-describedby={describedBy} aria-invalid={fieldError(create.error, 'ruleKey') ? true : undefined}>
                {failing.map((key) => (
                  <option key={key} value={key}>
                    {titleOf.get(key) ?? key}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Reason" error={fieldError(create.error, 'reason')} hint="Why the rule does not apply, for whoever reads the scorecard.">
            {(id, describedBy) => (
              <textarea
                id={id}
                name="reason"
                rows={3}
                maxLength={2000}
                aria-describedby={describedBy}
                aria-invalid={fieldError(create.error, 'reason') ? true : undefined}
                className="w-full rounded-md border border-input bg-background p-2 text-sm aria-[invalid=true]:border-destructive"
              />
            )}
          </Field>
          <Field label="Exempt until (last day)" error={fieldError(create.error, 'expiresAt')}>
            {(id, describedBy) => (
              <Input
                id={id}
                name="expiresAt"
                type="date"
                defaultValue={defaultExpiryDay(new Date())}
                aria-describedby={describedBy}
                aria-invalid={fieldError(create.error, 'expiresAt') ? true : undefined}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              Exempt rule
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Who waived it. Users' names come from the admin-only user list, so admins (who manage exemptions)
 * see names; others see "you" for their own and "an admin" otherwise (decision 540).
 */
function useAuthorName(isAdmin: boolean) {
  const session = useSession();
  const users = useAllUsers(isAdmin);
  const names = new Map(users.data?.map((u) => [u.id, u.displayName || u.username]));
  return (id: string | null) => {
    if (!id) return 'Hangar';
    if (id === session.user?.id) return 'you';
    return names.get(id) ?? 'an admin';
  };
}

export function ExemptionsSection({ scorecard, isAdmin }: { scorecard: Scorecard; isAdmin: boolean }) {
  const [page, setPage] = useState(1);
  const list = useScorecardExemptions(scorecard.id, page, SIZE);
  const remove = useDeleteExemption(scorecard.id);
  const authorName = useAuthorName(isAdmin);
  const titleOf = new Map(scorecard.rules.map((r) => [r.key, r.title || r.key]));

  return (
    <section aria-labelledby="exemptions-title" className="grid gap-3">
      <h2 id="exemptions-title" className="text-sm font-semibold">
        Exemptions{list.data ? ` (${list.data.total})` : ''}
      </h2>
      {list.isPending ? (
        <Loading rows={2} label="Loading exemptions" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No exemptions">
          {isAdmin ? 'Exempt an entity from a failing rule with “Exempt…” in its result row.' : 'Every rule applies to every entity.'}
        </EmptyState>
      ) : (
        <>
          <SimpleTable label={`Exemptions of ${scorecard.name}`} head={['Entity', 'Rule', 'Reason', 'Until', 'By', 'Status', ...(isAdmin ? ['Actions'] : [])]}>
            {list.data.data.map((e) => (
              <tr key={e.id}>
                <td>
                  {e.component ? (
                    <Link
                      to="/catalog/$kind/$namespace/$name"
                      params={{ kind: e.component.kind, namespace: e.component.namespace, name: e.component.entityName }}
                      search={{ tab: 'scorecards' }}
                      className="font-medium text-primary hover:underline"
                    >
                      {e.component.name}
                    </Link>
                  ) : (
                    <span className="font-mono text-xs text-muted-foreground">{e.componentId.slice(0, 8)}</span>
                  )}
                </td>
                <td>{titleOf.get(e.ruleKey) ?? e.ruleKey}</td>
                <td className="max-w-xs break-words whitespace-normal">{e.reason}</td>
                <td>{formatDateTime(e.expiresAt as string)}</td>
                <td>{authorName(e.createdBy)}</td>
                <td>{e.active ? <Badge tone="success">active</Badge> : <Badge>expired</Badge>}</td>
                {isAdmin && (
                  <td>
                    <ConfirmButton
                      label={`Delete the exemption of ${e.component?.name ?? e.componentId} from ${titleOf.get(e.ruleKey) ?? e.ruleKey}`}
                      title="Delete this exemption?"
                      description={`The rule “${titleOf.get(e.ruleKey) ?? e.ruleKey}” applies to ${e.component?.name ?? 'the entity'} again; it is evaluated again at once.`}
                      confirmLabel="Delete exemption"
                      onConfirm={() => remove.mutateAsync(e.id)}
                    >
                      Delete
                    </ConfirmButton>
                  </td>
                )}
              </tr>
            ))}
          </SimpleTable>
          {list.data.total > SIZE && (
            <div className="flex items-center gap-2 text-[13px]">
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous exemptions
              </Button>
              <span>
                Page {page} of {Math.ceil(list.data.total / SIZE)}
              </span>
              <Button variant="secondary" size="sm" disabled={page * SIZE >= list.data.total} onClick={() => setPage(page + 1)}>
                Next exemptions
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
