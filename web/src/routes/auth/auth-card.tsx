import type { ReactNode } from 'react';
import { setTheme, useTheme } from '../../lib/theme';
import { Moon, Sun } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** The frame of the sign-in and register pages: a centred card in <main>, the theme toggle in the header. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-14 items-center justify-between px-4">
        <span className="flex items-center gap-2 font-semibold">
          <img src="/favicon.svg" alt="" className="size-6" /> Hangar
        </span>
        <Button variant="ghost" size="icon" aria-label={`Switch to ${next} theme`} onClick={() => setTheme(next)}>
          {theme === 'dark' ? <Sun aria-hidden className="size-4" /> : <Moon aria-hidden className="size-4" />}
        </Button>
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pt-[8vh]">
        <div className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm">
          <h1 className="text-lg font-semibold">{title}</h1>
          <p className="mt-1 mb-5 text-[13px] text-muted-foreground">{subtitle}</p>
          {children}
          <div className="mt-5 text-center text-[13px] text-muted-foreground">{footer}</div>
        </div>
      </main>
    </div>
  );
}
