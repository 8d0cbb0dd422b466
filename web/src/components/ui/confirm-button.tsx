import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent } from './dialog';
import { describeError } from './states';

/**
 * An action (destructive by default) behind a confirmation dialog: focus starts in the dialog, Escape or Cancel keeps
 * everything, the confirm button runs `onConfirm`; a failure is shown inside the dialog (decision 707).
 */
export function ConfirmButton({
  children,
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  size = 'sm',
  destructive = true,
}: {
  children: ReactNode;
  label?: string;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  size?: 'sm' | 'md';
  /** A confirmation that destroys nothing (e.g. granting a role) gets the primary button. */
  destructive?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
    >
      <Button variant="secondary" size={size} onClick={() => setOpen(true)} aria-label={label}>
        {children}
      </Button>
      <DialogContent title={title} description={description}>
        {error !== undefined && (
          <p role="alert" className="text-[13px] text-destructive">
            {describeError(error).message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} disabled={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
