import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { FormField } from './form-field';

const control =
  'w-full rounded-md border border-input bg-background text-sm disabled:opacity-50 aria-[invalid=true]:border-destructive';
const field = cn(control, 'h-9 px-3 placeholder:text-muted-foreground');

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn(field, className)} {...props} />;
}

/** A native select: keyboard, screen readers and mobile pickers work without extra code. */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn(field, 'pr-8', className)} {...props}>
      {children}
    </select>
  );
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(control, 'px-3 py-2', className)} {...props} />;
}

/**
 * A labelled form field whose control is given the id and the note's id (older form of FormField: the
 * caller sets aria-invalid itself).
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  return (
    <FormField label={label} description={hint} error={error}>
      {(c) => children(c.id, c['aria-describedby'])}
    </FormField>
  );
}

type Described = { label: string; description?: ReactNode; error?: string };

/** A labelled text input with its description or problem (FormField). */
export function TextField({ label, description, error, ...props }: Described & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FormField label={label} description={description} error={error}>
      {(c) => <Input {...c} {...props} />}
    </FormField>
  );
}

/** A labelled native select with its description or problem; `options` are values shown as they are. */
export function SelectField({
  label,
  description,
  error,
  options = [],
  children,
  ...props
}: Described & { options?: readonly string[] } & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FormField label={label} description={description} error={error}>
      {(c) => (
        <Select {...c} {...props}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
          {children}
        </Select>
      )}
    </FormField>
  );
}

/** A labelled multi-line text field with its description or problem. */
export function TextareaField({
  label,
  description,
  error,
  ...props
}: Described & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FormField label={label} description={description} error={error}>
      {(c) => <Textarea {...c} {...props} />}
    </FormField>
  );
}
