import { useSession } from '../../lib/use-session';
import { Button, type ButtonProps } from '../ui/button';

/** The account menu's trigger: the stand-in before the menu loads and Radix's trigger after (decision 1175). */
export function AccountButton(props: ButtonProps) {
  const { user } = useSession();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Account menu for ${user?.displayName ?? 'you'}`}
      className="gap-2"
      {...props}
    >
      <span
        aria-hidden
        className="grid size-6 place-items-center rounded-full bg-accent text-[11px] font-semibold text-accent-foreground uppercase"
      >
        {(user?.displayName ?? '?').slice(0, 1)}
      </span>
      <span className="hidden max-w-32 truncate lg:inline">{user?.displayName}</span>
    </Button>
  );
}
