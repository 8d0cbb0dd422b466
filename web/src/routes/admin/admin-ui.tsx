import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Pager as ListPager } from '../../components/ui/pager';

/** The page's title, what it is for, and its main action. */
export function AdminHeader({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {children && <p className="max-w-2xl text-[13px] text-muted-foreground">{children}</p>}
      </div>
      {action}
    </div>
  );
}

/** The admin pages' confirmation: the shared ConfirmButton, its trigger given as text. */
export function ConfirmAction({
  trigger,
  triggerLabel,
  ...rest
}: { trigger: string; triggerLabel?: string } & Omit<ComponentProps<typeof ConfirmButton>, 'children' | 'label'>) {
  return (
    <ConfirmButton label={triggerLabel} {...rest}>
      {trigger}
    </ConfirmButton>
  );
}

/** A table in a focusable, labelled scroll region (narrow screens scroll it sideways). */
export function AdminTable({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[640px] text-left text-[13px]">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

export const cell = 'px-3 py-2 align-top';

/** Previous / next over a paginated list (`page` is 1-based) of `total` items, `size` a page. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  return <ListPager page={page} pages={Math.max(1, Math.ceil(total / size))} onPage={onPage} />;
}

/**
 * A create/edit form in the shared FormDialog, with a Cancel button. The form is uncontrolled:
 * `onSubmit` gets its FormData and returns the write's promise; the dialog closes when it succeeds and
 * stays open (with the problems shown on their fields by the caller) when it fails (decision 789).
 */
export function AdminFormDialog({
  trigger,
  triggerLabel,
  triggerVariant = 'secondary',
  submitLabel,
  pending,
  onSubmit,
  ...rest
}: {
  trigger: string;
  triggerLabel?: string;
  triggerVariant?: 'primary' | 'secondary';
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: FormData) => Promise<unknown>;
} & Pick<ComponentProps<typeof FormDialog>, 'title' | 'description' | 'error' | 'onOpen' | 'children'>) {
  const [open, setOpen] = useState(false);
  const submit = async (data: FormData) => {
    try {
      await onSubmit(data);
      setOpen(false);
    } catch {
      // shown by the caller from the mutation's error
    }
  };
  return (
    <FormDialog
      {...rest}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={triggerVariant} size="sm" aria-label={triggerLabel}>
          {trigger}
        </Button>
      }
      className="max-h-[80vh] overflow-y-auto"
      onSubmit={(data) => void submit(data)}
      submitLabel={submitLabel}
      submitDisabled={pending}
      cancelLabel="Cancel"
    />
  );
}

/** A FormData string, trimmed; undefined when empty. */
export const str = (data: FormData, name: string): string | undefined => {
  const v = data.get(name);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
};
