// One labelled form control for every form (decision 786): the label names the control; the description,
// or the server's problem with it, stands under it and is linked with aria-describedby; a control with
// a problem is aria-invalid. The problem replaces the description instead of adding a second note, so
// the note the control names is exactly the text shown.
import { useId, type ReactNode } from 'react';
import { formError } from '../../api/field-errors';
import { cn } from '../../lib/cn';

/** What a control needs to be named by the label, described by the note and marked when invalid. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function FormField({
  label,
  description,
  error,
  children,
}: {
  label: string;
  description?: ReactNode;
  /** The problem with the value (e.g. `fieldError(mutation.error, 'name')`). */
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error || description;
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className="text-[13px] font-medium">
        {label}
      </label>
      {children({ id, 'aria-describedby': note ? noteId : undefined, 'aria-invalid': error ? true : undefined })}
      {note && (
        <p id={noteId} className={cn('text-xs', error ? 'text-destructive' : 'text-muted-foreground')}>
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * The form-level problem, announced: `message` as given, else the one `error` calls for ("Correct the
 * fields marked below" when the server named fields, its message otherwise). Nothing without either.
 */
export function FormAlert({
  error,
  message = formError(error),
  className,
}: {
  error?: unknown;
  message?: string;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={cn('rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-[13px]', className)}
    >
      {message}
    </p>
  );
}
