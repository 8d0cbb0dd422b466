// "This system is not configured": a plain notice naming the system, the settings that configure it
// and, where the portal has one, a link to the page that sets them (decisions 174 and 761).
import { PlugZap } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';

/** A 503 whose message says the system is not configured: a setting, not an outage. */
export function isNotConfiguredError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 503 && /\b(not|no \w+(?: \w+)? is) configured\b/i.test(error.message)
  );
}

export interface SystemSettings {
  /** The system as a person names it ("Argo CD (GitOps)"). */
  system: string;
  /** The server settings (environment variables) that configure it. */
  settings?: string[];
  /** A portal page where an admin configures it (stored credentials). */
  link?: { to: string; label: string };
}

export function NotConfigured({ system, settings, link, children }: SystemSettings & { children?: ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border border-dashed p-4">
      <PlugZap aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
      <div className="grid grid-cols-1 gap-1.5 text-[13px]">
        <h2 className="text-sm font-semibold">{system} is not configured</h2>
        {children && <div className="text-muted-foreground">{children}</div>}
        {settings && settings.length > 0 && (
          <p>
            Configured by the server setting{settings.length > 1 ? 's' : ''}{' '}
            {settings.map((s, i) => (
              <span key={s}>
                {i > 0 && (i === settings.length - 1 ? ' and ' : ', ')}
                <code className="rounded bg-muted px-1">{s}</code>
              </span>
            ))}
            .
          </p>
        )}
        {link && (
          <p>
            <a href={link.to} className="font-medium text-primary underline-offset-2 hover:underline">
              {link.label}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
