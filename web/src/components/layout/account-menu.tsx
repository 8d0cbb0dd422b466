// The account menu's Radix part, loaded after the first paint (decision 1175; header.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { KeyRound, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { signOut } from '../../api/session';
import { useSession } from '../../lib/use-session';
import { AccountButton } from './account-button';

const item =
  'flex cursor-default items-center gap-2 rounded px-2 py-1.5 text-[13px] outline-none data-[highlighted]:bg-muted';

export default function AccountMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const leave = async (everywhere: boolean) => {
    await signOut(everywhere);
    queryClient.clear();
    await navigate({ to: '/sign-in', search: {} });
  };
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountButton />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border bg-card p-1 text-foreground shadow-lg"
        >
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
