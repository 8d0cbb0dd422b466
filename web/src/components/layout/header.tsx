import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, LogOut, Moon, Search, Sun, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type FormEvent } from 'react';
import { organization } from '../../api/organization';
import { sessionOrganizations, signOut } from '../../api/session';
import { setTheme, useTheme } from '../../lib/theme';
import { useOrganizationId, useSession } from '../../lib/use-session';
import { Button } from '../ui/button';
import { Select } from '../ui/input';
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
    <form role="search" aria-label="Search Hangar" onSubmit={submit} className="relative flex min-w-0 flex-1 items-center md:max-w-md">
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

function UserMenu() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = async (everywhere: boolean) => {
    await signOut(everywhere);
    queryClient.clear();
    await navigate({ to: '/sign-in', search: {} });
  };
  const item = 'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-[13px] outline-none data-[highlighted]:bg-muted';
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Account menu for ${user?.displayName ?? 'you'}`} className="gap-2">
          <span aria-hidden className="grid size-6 place-items-center rounded-full bg-accent text-[11px] font-semibold text-accent-foreground uppercase">
            {(user?.displayName ?? '?').slice(0, 1)}
          </span>
          <span className="hidden max-w-32 truncate lg:inline">{user?.displayName}</span>
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-md border bg-card p-1 text-foreground shadow-lg">
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{user?.username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={item} onSelect={() => void navigate({ to: '/account' })}>
            <KeyRound aria-hidden className="size-4" /> Your account and tokens
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void leave(false)}>
            <LogOut aria-hidden className="size-4" /> Sign out
          </DropdownMenu.Item>
          <DropdownMenu.Item className={item} onSelect={() => void leave(true)}>
            <UserRound aria-hidden className="size-4" /> Sign out everywhere
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
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
