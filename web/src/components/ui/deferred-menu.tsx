// Menus kept out of the catalog's first load (decision 1175): Radix DropdownMenu with its popper, layers
// and focus scope is about 15 kB gzipped, and neither the account menu nor the column menu is needed to
// show the catalog. The same trigger shows at once; the menu's chunk is fetched right after the first
// paint and replaces it, and a press that comes before the chunk opens the menu as soon as it arrives.
import { Suspense, useState, type ReactElement } from 'react';

export function DeferredMenu({
  trigger,
  children,
}: {
  /** The trigger as it looks in the menu, with the handler of a press before the menu is loaded. */
  trigger: (openOnLoad: () => void) => ReactElement;
  /** The lazy menu, opened at once when a press came first. */
  children: (defaultOpen: boolean) => ReactElement;
}) {
  const [openOnLoad, setOpenOnLoad] = useState(false);
  return <Suspense fallback={trigger(() => setOpenOnLoad(true))}>{children(openOnLoad)}</Suspense>;
}

/** What Radix's trigger says of a closed menu, for the stand-in trigger. */
export const closedMenuTrigger = { 'aria-haspopup': 'menu', 'aria-expanded': false, 'data-state': 'closed' } as const;
