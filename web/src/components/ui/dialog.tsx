import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** A modal with a title (its accessible name) and an optional description; Escape and the close button dismiss it. */
export function DialogContent({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <RadixDialog.Content
        aria-describedby={description ? undefined : undefined}
        className={cn(
          'fixed top-[12vh] left-1/2 z-50 grid w-[min(92vw,560px)] -translate-x-1/2 gap-3 rounded-lg border bg-card p-5 text-foreground shadow-xl',
          className,
        )}
      >
        <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="text-[13px] text-muted-foreground">{description}</RadixDialog.Description>
        ) : (
          <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
        )}
        {children}
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-3 right-3 rounded p-1 text-muted-foreground hover:bg-muted"
        >
          <X aria-hidden className="size-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
