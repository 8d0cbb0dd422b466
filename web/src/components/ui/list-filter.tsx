import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { Input } from './input';

/**
 * A text filter that writes the URL 250 ms after typing stops (one request per pause, not per key),
 * and follows the URL when it changes (back and forward). A pending write is dropped once the
 * person has left the page it was typed on: the list stays mounted while the next page loads, and
 * its late write would navigate back to the list (decision 816).
 */
export function ListFilter({
  label,
  placeholder = `${label}…`,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder?: string;
  value?: string;
  onChange: (value?: string) => void;
  className?: string;
}) {
  const { history } = useRouter();
  const [text, setText] = useState(value ?? '');
  // The URL changed (back, a link): show its value. Adjusted while rendering, not in an effect.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value ?? '');
  }
  useEffect(() => {
    const trimmed = text.trim() || undefined;
    if (trimmed === value) return;
    // The browser's location changes at once on a click; the router's state only once the next page loads.
    const typedOn = history.location.pathname;
    const timer = setTimeout(() => {
      if (history.location.pathname === typedOn) onChange(trimmed);
    }, 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange, history]);
  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      className={cn('h-8 w-full sm:w-72', className)}
    />
  );
}
