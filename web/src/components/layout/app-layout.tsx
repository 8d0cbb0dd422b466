import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSession } from '../../lib/use-session';
import { Header } from './header';
import { navGroupsFor } from './nav-items';

// The palette (cmdk) loads on first use: it is not part of the first paint.
const CommandPalette = lazy(() => import('../search/command-palette'));

/** The signed-in page frame: skip link, header, nav, and the page in <main>. */
export function AppLayout() {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const { status, user } = useSession();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  // A session that ends while a page is open (refresh refused, signed out in another tab's "everywhere")
  // goes to sign-in, and back here afterwards.
  useEffect(() => {
    if (status === 'signed-out') void navigate({ to: '/sign-in', search: { redirect: href }, replace: true });
  }, [status, href, navigate]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setPaletteOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header onOpenPalette={() => setPaletteOpen(true)} />
      <div className="flex flex-1 flex-col md:flex-row">
        <nav aria-label="Main" className="border-b md:w-48 md:shrink-0 md:border-r md:border-b-0">
          {/* `relative`: the groups' screen-reader labels are absolutely positioned; without it they
              escape the scrolling row and widen the page on a phone. */}
          <div className="relative flex gap-1 overflow-x-auto px-2 py-1.5 md:flex-col md:gap-3 md:px-2 md:py-3">
            {navGroupsFor(user?.roles).map((group) => (
              <div key={group.name} role="group" aria-labelledby={`nav-${group.name}`} className="flex md:flex-col">
                {/* The group's name labels it for screen readers everywhere; shown from md up. */}
                <span
                  id={`nav-${group.name}`}
                  className="sr-only px-2.5 pb-1 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase md:not-sr-only md:block"
                >
                  {group.name}
                </span>
                <ul className="flex gap-1 md:flex-col">
                  {group.items.map(({ to, label, icon: Icon }) => (
                    <li key={to}>
                      <Link
                        to={to}
                        className="flex items-center gap-2 rounded-md px-2.5 py-1.5 text-[13px] font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground"
                        activeProps={{ className: 'bg-accent !text-accent-foreground', 'aria-current': 'page' }}
                      >
                        <Icon aria-hidden className="size-4" />
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-4 outline-none md:px-6">
          <Outlet />
        </main>
      </div>
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      )}
    </div>
  );
}
