// Exemptions of a scorecard (decision 535): the list on the scorecard page, and the admin's dialog that
// waives one failing rule of one entity with a reason until a date (also on the entity page, decision 543).
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import { useAllUsers } from '../admin';
import { useCreateExemption, useDeleteExemption, useScorecardExemptions, type Scorecard } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { FormDialog } from '../../components/ui/form-dialog';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';
import { SimpleTable } from '../../components/ui/simple-table';
import { EmptyState } from '../../components/ui/states';
import { useSession } from '../../lib/use-session';
import { defaultExpiryDay, expiryOf } from './exemption-dates';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const SIZE = 50;

/** A rule the admin may waive: its key (sent) and title (shown). */
export interface FailingRule {
  key: string;
  title: string;
}

/**
 * The admin's dialog that waives one of an entity's failing rules with a reason until a day, on
 * FormDialog (decision 544): each opening starts blank with the first rule and the default day, each
 * closing forgets the last write's error, and the server's 400 shows on the field it names. Used by a
 * scorecard's result rows (all failing rules) and by the entity page's Scorecards tab (one per rule).
 */
export function ExemptButton({
  scorecardId,
  componentId,
  entityLabel,
  failing,
  triggerLabel = `Exempt a rule of ${entityLabel}`,
}: {
  scorecardId: string;
  componentId: string;
  /** How the entity is named in the dialog's title (its reference or name). */
  entityLabel: string;
  failing: FailingRule[];
  /** The trigger's accessible name (it starts with its visible text, "Exempt"). */
  triggerLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const blank = () => ({ ruleKey: failing[0]?.key ?? '', reason: '', day: defaultExpiryDay(new Date()) });
  const [values, setValues] = useState(blank);
  const create = useCreateExemption(scorecardId);
  const problem = (field: string) => fieldError(create.error, field);
  const submit = () =>
    create.mutate(
      { componentId, ruleKey: values.ruleKey, reason: values.reason, expiresAt: expiryOf(values.day) },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onOpen={() => setValues(blank())}
      onClose={() => create.reset()}
      trigger={
        <Button variant="secondary" size="sm" aria-label={triggerLabel}>
          Exempt…
        </Button>
      }
      title={`Exempt ${entityLabel}`}
      description="Waive one failing rule for this entity until a date: it counts as passing for level and score, and the entity is evaluated again at once."
      className=""
      onSubmit={submit}
      error={create.error}
      submitLabel="Exempt rule"
      submitDisabled={create.isPending}
    >
      <SelectField
        label="Rule"
        error={problem('ruleKey')}
        value={values.ruleKey}
        onChange={(e) => setValues({ ...values, ruleKey: e.target.value })}
      >
        {failing.map((r) => (
          <option key={r.key} value={r.key}>
            {r.title}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Reason"
        description="Why the rule does not apply, for whoever reads the scorecard."
        error={problem('reason')}
        rows={3}
        maxLength={2000}
        value={values.reason}
        onChange={(e) => setValues({ ...values, reason: e.target.value })}
      />
      <TextField
        label="Exempt until (last day)"
        type="date"
        error={problem('expiresAt')}
        value={values.day}
        onChange={(e) => setValues({ ...values, day: e.target.value })}
      />
    </FormDialog>
  );
}

/**
 * Who waived it. Users' names come from the admin-only user list, so admins (who manage exemptions)
 * see names; others see "you" for their own and "an admin" otherwise (decision 540).
 */
export function useAuthorName(isAdmin: boolean) {
  const session = useSession();
  const users = useAllUsers(isAdmin);
  const names = new Map(users.data?.map((u) => [u.id, u.displayName || u.username]));
  return (id: string | null) => {
    if (!id) return 'Hangar';
    if (id === session.user?.id) return 'you';
    return names.get(id) ?? 'an admin';
  };
}

type Exemption = NonNullable<ReturnType<typeof useScorecardExemptions>['data']>['data'][number];

function ExemptionRow({
  exemption: e,
  ruleTitle,
  author,
  onDelete,
}: {
  exemption: Exemption;
  ruleTitle: string;
  author: string;
  /** An admin's delete; absent for others. */
  onDelete?: () => Promise<unknown>;
}) {
  return (
    <tr>
      <td>
        {e.component ? (
          <Link
            to="/catalog/$kind/$namespace/$name"
            params={{
              kind: e.component.kind,
              namespace: e.component.namespace,
              name: e.component.entityName,
            }}
            search={{ tab: 'scorecards' }}
            className="font-medium text-primary hover:underline"
          >
            {e.component.name}
          </Link>
        ) : (
          <span className="font-mono text-xs text-muted-foreground">{e.componentId.slice(0, 8)}</span>
        )}
      </td>
      <td>{ruleTitle}</td>
      <td className="max-w-xs break-words whitespace-normal">{e.reason}</td>
      <td>{formatDateTime(e.expiresAt as string)}</td>
      <td>{author}</td>
      <td>{e.active ? <Badge tone="success">active</Badge> : <Badge>expired</Badge>}</td>
      {onDelete && (
        <td>
          <ConfirmButton
            label={`Delete the exemption of ${e.component?.name ?? e.componentId} from ${ruleTitle}`}
            title="Delete this exemption?"
            description={`The rule “${ruleTitle}” applies to ${e.component?.name ?? 'the entity'} again; it is evaluated again at once.`}
            confirmLabel="Delete exemption"
            onConfirm={onDelete}
          >
            Delete
          </ConfirmButton>
        </td>
      )}
    </tr>
  );
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
      <QueryState query={list} label="exemptions" rows={2}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title="No exemptions">
              {isAdmin
                ? 'Exempt an entity from a failing rule with “Exempt…” in its result row.'
                : 'Every rule applies to every entity.'}
            </EmptyState>
          ) : (
            <>
              <SimpleTable
                label={`Exemptions of ${scorecard.name}`}
                head={['Entity', 'Rule', 'Reason', 'Until', 'By', 'Status', ...(isAdmin ? ['Actions'] : [])]}
              >
                {loaded.data.map((e) => (
                  <ExemptionRow
                    key={e.id}
                    exemption={e}
                    ruleTitle={titleOf.get(e.ruleKey) ?? e.ruleKey}
                    author={authorName(e.createdBy)}
                    onDelete={isAdmin ? () => remove.mutateAsync(e.id) : undefined}
                  />
                ))}
              </SimpleTable>
              {loaded.total > SIZE && (
                <div className="flex items-center gap-2 text-[13px]">
                  <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                    Previous exemptions
                  </Button>
                  <span>
                    Page {page} of {Math.ceil(loaded.total / SIZE)}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page * SIZE >= loaded.total}
                    onClick={() => setPage(page + 1)}
                  >
                    Next exemptions
                  </Button>
                </div>
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
