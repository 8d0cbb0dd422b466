import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { FormAlert } from './form-field';

/**
 * A dialog holding one form (decision 788): the trigger, the fields, the server's form-level error
 * (field errors sit on their fields) and one submit button. The caller keeps `open`, so it closes the
 * dialog when its write succeeds; `onOpen` (reset the values to what is stored) and `onClose` (forget
 * the last write's error) run on the person's open and close, so edit dialogs need no wiring of their
 * own. The browser checks no field (`noValidate`): the server's 400 says what is wrong, on the field
 * it names. `onSubmit` gets the form's data, for forms whose inputs keep their own values; `cancelLabel`
 * adds a button that closes the dialog as Escape does (decision 789).
 */
export function FormDialog({
  trigger,
  title,
  description,
  className = 'max-h-[85vh] w-[min(92vw,680px)] overflow-y-auto',
  open,
  onOpenChange,
  onOpen,
  onClose,
  onSubmit,
  error,
  submitLabel,
  submitVariant,
  submitDisabled,
  cancelLabel,
  children,
}: {
  trigger: ReactNode;
  title: string;
  description?: string;
  className?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpen?: () => void;
  onClose?: () => void;
  onSubmit: (data: FormData) => void;
  error: unknown;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  submitDisabled?: boolean;
  cancelLabel?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpen?.();
        else onClose?.();
        onOpenChange(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description} className={className}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(new FormData(e.currentTarget));
          }}
          className="grid gap-3"
          noValidate
        >
          {children}
          <FormAlert error={error} />
          <div className="flex justify-end gap-2">
            {cancelLabel && (
              <DialogClose asChild>
                <Button variant="secondary">{cancelLabel}</Button>
              </DialogClose>
            )}
            <Button type="submit" variant={submitVariant} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
