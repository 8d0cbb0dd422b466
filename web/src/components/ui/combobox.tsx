// A search box with a list of matches to pick from (decision 755), after the WAI-ARIA combobox pattern:
// the input is the combobox (named by its FormField label), the matches a listbox it controls; Down and
// Up move through them (aria-activedescendant, focus stays in the box), Enter picks one, Escape closes
// the list. The caller searches (on the server: the list may hold thousands) and keeps what is picked.
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import type { ControlProps } from './form-field';
import { Input } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown beside the label, smaller (e.g. the kind). */
  detail?: string;
}

export function SearchCombobox({
  control,
  query,
  onQueryChange,
  options,
  onPick,
  loading = false,
  placeholder,
  noMatches = 'Nothing matches.',
}: {
  /** The FormField's control props: id, note and invalid state. */
  control: ControlProps;
  query: string;
  onQueryChange: (query: string) => void;
  /** The matches of `query`, best first. */
  options: ComboboxOption[];
  onPick: (option: ComboboxOption) => void;
  loading?: boolean;
  placeholder?: string;
  noMatches?: string;
}) {
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const { setOpen, active, setActive, shown, pick, onKeyDown } = useComboboxState(control.id, options, loading, onPick);
  return (
    <div className="relative">
      <Input
        {...control}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 && active < options.length ? optionId(active) : undefined}
        placeholder={placeholder}
        value={query}
        onChange={(e) => {
          onQueryChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ComboboxList
        listId={listId}
        optionId={optionId}
        options={options}
        active={active}
        setActive={setActive}
        shown={shown}
        loading={loading}
        noMatches={noMatches}
        pick={pick}
      />
    </div>
  );
}

/** The list's open state and active option, moved by the arrow keys and closed by Escape or a pick. */
function useComboboxState(
  controlId: string,
  options: ComboboxOption[],
  loading: boolean,
  onPick: (option: ComboboxOption) => void,
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open && (options.length > 0 || !loading);
  // Escape with the list open closes the list only. A dialog around the box (Radix) hears Escape on the
  // document in the capture phase, before the box would: the window's capture phase comes first.
  useEffect(() => {
    if (!shown) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || document.activeElement?.id !== controlId) return;
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    };
    window.addEventListener('keydown', onEscape, { capture: true });
    return () => window.removeEventListener('keydown', onEscape, { capture: true });
  }, [shown, controlId]);
  const pick = (option: ComboboxOption) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      // Enter in the box picks; it never submits the form around it.
      e.preventDefault();
      const option = options[active];
      if (open && option) pick(option);
    }
  };
  return { setOpen, active, setActive, shown, pick, onKeyDown };
}

/** The listbox of matches; the input keeps the focus and drives it (aria-activedescendant). */
function ComboboxList({
  listId,
  optionId,
  options,
  active,
  setActive,
  shown,
  loading,
  noMatches,
  pick,
}: {
  listId: string;
  optionId: (i: number) => string;
  options: ComboboxOption[];
  active: number;
  setActive: (i: number) => void;
  shown: boolean;
  loading: boolean;
  noMatches: string;
  pick: (option: ComboboxOption) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={`Matches${loading ? ', loading' : ''}`}
      hidden={!shown}
      className="absolute inset-x-0 top-full z-10 mt-1 max-h-56 overflow-y-auto rounded-md border bg-card p-1 text-sm shadow-lg"
    >
      {options.map((o, i) => (
        // Keys are handled by the input (aria-activedescendant), which keeps the focus.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events
        <li
          key={o.value}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          // Keep focus in the box: the pick happens on click, before blur would close the list.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => pick(o)}
          onMouseMove={() => setActive(i)}
          className={cn(
            'flex cursor-pointer items-baseline justify-between gap-2 rounded px-2 py-1.5',
            i === active && 'bg-accent text-accent-foreground',
          )}
        >
          <span>{o.label}</span>
          {o.detail && <span className="text-xs text-muted-foreground">{o.detail}</span>}
        </li>
      ))}
      {options.length === 0 && !loading && (
        <li role="option" aria-selected={false} aria-disabled className="px-2 py-1.5 text-muted-foreground">
          {noMatches}
        </li>
      )}
    </ul>
  );
}
