import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** One page of an area in the sub-navigation; `exact`: current only at that path, not below it. */
export interface AreaLink {
  to: LinkProps['to'];
  label: string;
  exact?: boolean;
}

/**
 * A page of an area with several pages (integrations, IaC): the area's sub-navigation (the current
 * page marked, whatever its search), the title with its intro and actions, then the page (decision 795).
 * `breakTitle` lets a title that is a name (a stack's, a module's) break anywhere on a phone.
 */
export function AreaShell({
  nav,
  links,
  title,
  intro,
  actions,
  breakTitle,
  children,
}: {
  /** The sub-navigation's accessible name. */
  nav: string;
  links: readonly AreaLink[];
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  breakTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav aria-label={nav} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1 text-[13px]">
          {links.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                activeOptions={{ exact: l.exact ?? false, includeSearch: false }}
                className="block rounded-md px-2.5 py-1.5 whitespace-nowrap hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-accent-foreground"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className={cn('text-xl font-semibold tracking-tight', breakTitle && 'break-all')}>{title}</h1>
          {intro && <p className="text-[13px] text-muted-foreground">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
