import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Moon, Search, Sun } from 'lucide-react';
import { lazy, useState, type FormEvent } from 'react';
import { organization } from '../../api/organization';
import { sessionOrganizations } from '../../api/session';
import { setTheme, useTheme } from '../../lib/theme';
import { useOrganizationId } from '../../lib/use-session';
import { Button } from '../ui/button';
import { closedMenuTrigger, DeferredMenu } from '../ui/deferred-menu';
import { Select } from '../ui/input';
import { AccountButton } from './account-button';
import { NotificationsBell } from './notifications-bell';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

function HeaderSearch({ onOpenPalette }: { onOpenPalette: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const query = q.trim();
    if (query) void navigate({ to: '/search', search: { q: query } });
  };
  return (
    <form
      role="search"
      aria-label="Search Hangar"
      onSubmit={submit}
      className="relative flex min-w-0 flex-1 items-center md:max-w-md"
    >
      <Search aria-hidden className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground" />
      <input
        type="search"
        aria-label="Search components, APIs, teams and people"
        placeholder="Search…"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-muted/50 pr-16 pl-8 text-sm placeholder:text-muted-foreground"
      />
      <button
        type="button"
        onClick={onOpenPalette}
        aria-label="Open the command palette"
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        className="absolute right-1.5 hidden h-6 min-w-6 rounded border bg-background px-1.5 font-mono text-[11px] text-muted-foreground hover:text-foreground sm:block"
      >
        {isMac ? '⌘K' : 'Ctrl K'}
      </button>
    </form>
  );
}

function OrganizationSwitcher() {
  const queryClient = useQueryClient();
  const current = useOrganizationId();
  const orgs = sessionOrganizations();
  if (orgs.length === 0) return null;
  const value = orgs.some((o) => o.id === current) ? current : '';
  return (
    <Select
      aria-label="Organization"
      value={value}
      className="hidden h-8 w-40 text-[13px] sm:block"
      onChange={(e) => {
        organization.set(e.target.value || undefined);
        // Every answer depends on the organization: drop the cache rather than show another org's data.
        queryClient.removeQueries();
        void queryClient.invalidateQueries();
      }}
    >
      <option value="">Default organization</option>
      {orgs.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </Select>
  );
}

function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} onClick={() => setTheme(next)}>
      {theme === 'dark' ? <Sun aria-hidden className="size-4" /> : <Moon aria-hidden className="size-4" />}
    </Button>
  );
}

// Radix's menu loads after the first paint (decision 1175).
const AccountMenu = lazy(() => import('./account-menu'));

function UserMenu() {
  return (
    <DeferredMenu trigger={(open) => <AccountButton {...closedMenuTrigger} onClick={open} />}>
      {(defaultOpen) => <AccountMenu defaultOpen={defaultOpen} />}
    </DeferredMenu>
  );
}

export function Header({ onOpenPalette }: { onOpenPalette: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-3 backdrop-blur md:px-4">
      <Link to="/catalog" className="flex items-center gap-2 rounded font-semibold" aria-label="Hangar home">
        <img src="/favicon.svg" alt="" className="size-6" />
        <span className="hidden sm:inline">Hangar</span>
      </Link>
      <HeaderSearch onOpenPalette={onOpenPalette} />
      <div className="ml-auto flex items-center gap-1">
        <OrganizationSwitcher />
        <ThemeToggle />
        <NotificationsBell />
        <UserMenu />
      </div>
    </header>
  );
}
