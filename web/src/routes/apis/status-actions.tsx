// Admin actions on one spec version: deprecate (with an optional sunset date), sunset, reactivate.
// Rendered only for admins; the server refuses anyone else anyway (403).
import { useState } from 'react';
import type { ApiSpecSummary, SpecStatus } from './queries';
import { useUpdateSpecStatus } from './queries';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, Input } from '../../components/ui/input';
import { useIsAdmin } from '../../lib/use-session';

const ACTIONS: Record<SpecStatus, { to: SpecStatus; label: string }[]> = {
  active: [{ to: 'deprecated', label: 'Deprecate' }],
  deprecated: [
    { to: 'sunset', label: 'Sunset' },
    { to: 'active', label: 'Reactivate' },
  ],
  sunset: [{ to: 'active', label: 'Reactivate' }],
};

function ActionDialog({
  spec,
  to,
  label,
  componentId,
}: {
  spec: ApiSpecSummary;
  to: SpecStatus;
  label: string;
  componentId: string;
}) {
  const [open, setOpen] = useState(false);
  const [sunsetAt, setSunsetAt] = useState(spec.sunsetAt?.slice(0, 10) ?? '');
  const mutation = useUpdateSpecStatus(componentId);
  const name = `${spec.name} ${spec.version}`;
  const submit = () =>
    mutation.mutate(
      {
        id: spec.id,
        status: to,
        ...(to === 'deprecated' ? { sunsetAt: sunsetAt ? new Date(`${sunsetAt}T00:00:00Z`).toISOString() : null } : {}),
      },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => mutation.reset()}
      trigger={
        <Button size="sm" variant={to === 'active' ? 'secondary' : 'destructive'} aria-label={`${label} ${name}`}>
          {label}
        </Button>
      }
      title={`${label} ${name}?`}
      description={
        to === 'deprecated'
          ? 'Consumers see the version as deprecated; removing it before the sunset date is a breaking change for them.'
          : to === 'sunset'
            ? 'The version is retired: consumers should have moved to a newer one.'
            : 'The version becomes active again.'
      }
      className=""
      onSubmit={submit}
      error={mutation.error}
      cancelLabel="Cancel"
      submitLabel={mutation.isPending ? 'Saving…' : label}
      submitVariant={to === 'active' ? 'primary' : 'destructive'}
      submitDisabled={mutation.isPending}
    >
      {to === 'deprecated' && (
        <Field label="Sunset date (optional)" hint="The day the version stops being served.">
          {(id, describedBy) => (
            <Input
              id={id}
              type="date"
              value={sunsetAt}
              onChange={(e) => setSunsetAt(e.target.value)}
              aria-describedby={describedBy}
            />
          )}
        </Field>
      )}
    </FormDialog>
  );
}

export function StatusActions({ spec, componentId }: { spec: ApiSpecSummary; componentId: string }) {
  if (!useIsAdmin()) return null;
  return (
    <span className="flex gap-1.5">
      {ACTIONS[spec.status].map((a) => (
        <ActionDialog key={a.to} spec={spec} to={a.to} label={a.label} componentId={componentId} />
      ))}
    </span>
  );
}
