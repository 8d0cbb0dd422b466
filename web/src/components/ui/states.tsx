import { AlertTriangle, Inbox, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** Placeholder blocks while data loads; announced once to screen readers. */
export function Loading({
  rows = 5,
  label = 'Loading',
  className,
}: {
  rows?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={cn('grid gap-2', className)}>
      <span className="sr-only">{label}…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-8 animate-pulse rounded-md bg-muted motion-reduce:animate-none" />
      ))}
    </div>
  );
}

/** The first-run hint of empty pages (decision 897): the demo sample shows what a page holds. */
export function DemoHint() {
  return (
    <p className="mt-1">
      To try Hangar with sample data, start it on an empty database with <code>npm start -- --demo</code>.
    </p>
  );
}

/** Nothing to show, and what to do next. */
export function EmptyState({
  title,
  children,
  action,
  titleAs: Title = 'h2',
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** `h1` where the notice is the whole page (a detail page's unknown id), so the page keeps its one h1. */
  titleAs?: 'h1' | 'h2';
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Inbox aria-hidden className="size-6 text-muted-foreground" />
      <Title className="text-sm font-semibold">{title}</Title>
      {children && <div className="max-w-md text-[13px] text-muted-foreground">{children}</div>}
      {action}
    </div>
  );
}

/** What the user reads for an error: the API's own message (a 503 names the dependency that failed). */
export function describeError(error: unknown): { title: string; message: string } {
  if (error instanceof ApiError) {
    if (error.status === 503) return { title: 'A service Hangar depends on is unavailable', message: error.message };
    if (error.status === 403) return { title: 'You do not have access', message: error.message };
    if (error.status === 404) return { title: 'Not found', message: error.message };
    return { title: 'The request failed', message: error.message };
  }
  return { title: 'Hangar could not be reached', message: 'Check your network connection, then try again.' };
}

export function ErrorState({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const { title, message } = describeError(error);
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4', className)}
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="text-[13px]">{message}</p>
        {onRetry && (
          <div className="mt-1">
            <Button variant="secondary" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden className="size-3.5" /> Try again
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
