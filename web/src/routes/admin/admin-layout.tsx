import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/use-session';

export const ADMIN_SECTIONS = [
  {
    to: '/admin/users',
    label: 'Users and roles',
    description: 'Who has an account, and who is a Hangar administrator.',
  },
  {
    to: '/admin/service-accounts',
    label: 'Service accounts',
    description: 'Accounts for automation and their tokens.',
  },
  { to: '/admin/organizations', label: 'Organizations', description: 'Organizations, their members and their roles.' },
  { to: '/admin/teams', label: 'Teams', description: 'The teams that own components.' },
  { to: '/admin/environments', label: 'Environments', description: 'Where deployments go, in display order.' },
  {
    to: '/admin/credentials',
    label: 'Credentials',
    description: 'CI/CD platform credentials of the current organization (write-only).',
  },
  { to: '/admin/templates', label: 'Templates', description: 'Service templates people scaffold from.' },
  {
    to: '/admin/locations',
    label: 'Catalog locations',
    description: 'Git locations the catalog reads, their last refresh and errors.',
  },
  {
    to: '/admin/audit',
    label: 'Audit log',
    description: 'Who changed what, when and from where; filtered, exported and verifiable.',
  },
  {
    to: '/admin/webhooks',
    label: 'Webhooks',
    description: 'Signed outbound webhooks of the current organization and their deliveries.',
  },
  {
    to: '/admin/discovery',
    label: 'Discovery',
    description: 'GitHub organizations and GitLab groups that fill the catalog, their scans and errors.',
  },
] as const;

/** Shown instead of any admin page to a signed-in user without the admin role: no admin data is requested. */
export function Forbidden() {
  return (
    <div className="mx-auto grid max-w-xl gap-3 py-10 text-center">
      <ShieldAlert aria-hidden className="mx-auto size-8 text-destructive" />
      <h1 className="text-xl font-semibold tracking-tight">403: administrators only</h1>
      <p className="text-[13px] text-muted-foreground">
        The administration pages need the Hangar <strong>admin</strong> role, which your account does not have. Ask a
        Hangar administrator if you need access.
      </p>
      <p>
        <Link to="/catalog" className="text-[13px] font-medium text-primary underline underline-offset-2">
          Go to the catalog
        </Link>
      </p>
    </div>
  );
}

export function AdminLayout() {
  const { user } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const nav = useRef<HTMLElement>(null);
  // On a narrow screen the section links scroll sideways: keep the current one in view.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  if (!user?.roles.includes('admin')) return <Forbidden />;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <nav ref={nav} aria-label="Administration" className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1">
          <li>
            <Link
              to="/admin"
              activeOptions={{ exact: true }}
              className="block rounded-md px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
              activeProps={{ className: 'bg-accent !text-accent-foreground', 'aria-current': 'page' }}
            >
              Overview
            </Link>
          </li>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.to}>
              <Link
                to={s.to}
                className="block rounded-md px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
                activeProps={{ className: 'bg-accent !text-accent-foreground', 'aria-current': 'page' }}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
