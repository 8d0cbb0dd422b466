// Admin actions on one spec version: deprecate (with an optional sunset date), sunset, reactivate.
// Rendered only for admins; the server refuses anyone else anyway (403).
import { useState } from 'react';
import type { ApiSpecSummary, SpecStatus } from '../../api/queries/apis';
import { useUpdateSpecStatus } from '../../api/queries/apis';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/input';
import { describeError } from '../../components/ui/states';
import { useIsAdmin } from '../../lib/use-session';

const ACTIONS: Record<SpecStatus, { to: SpecStatus; label: string }[]> = {
  active: [{ to: 'deprecated', label: 'Deprecate' }],
  deprecated: [
    { to: 'sunset', label: 'Sunset' },
    { to: 'active', label: 'Reactivate' },
  ],
  sunset: [{ to: 'active', label: 'Reactivate' }],
};

function ActionDialog({ spec, to, label, componentId }: { spec: ApiSpecSummary; to: SpecStatus; label: string; componentId: string }) {
  const [open, setOpen] = useState(false);
  const [sunsetAt, setSunsetAt] = useState(spec.sunsetAt?.slice(0, 10) ?? '');
  const mutation = useUpdateSpecStatus(componentId);
  const name = `${spec.name} ${spec.version}`;
  const submit = () =>
    mutation.mutate(
      { id: spec.id, status: to, ...(to === 'deprecated' ? { sunsetAt: sunsetAt ? new Date(`${sunsetAt}T00:00:00Z`).toISOString() : null } : {}) },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) mutation.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant={to === 'active' ? 'secondary' : 'destructive'} aria-label={`${label} ${name}`}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`${label} ${name}?`}
        description={
          to === 'deprecated'
            ? 'Consumers see the version as deprecated; removing it before the sunset date is a breaking change for them.'
            : to === 'sunset'
              ? 'The version is retired: consumers should have moved to a newer one.'
              : 'The version becomes active again.'
        }
      >
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {to === 'deprecated' && (
            <Field label="Sunset date (optional)" hint="The day the version stops being served.">
              {(id, describedBy) => <Input id={id} type="date" value={sunsetAt} onChange={(e) => setSunsetAt(e.target.value)} aria-describedby={describedBy} />}
            </Field>
          )}
          {mutation.error && (
            <p role="alert" className="text-[13px] text-destructive">
              {describeError(mutation.error).message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant={to === 'active' ? 'primary' : 'destructive'} disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : label}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
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
