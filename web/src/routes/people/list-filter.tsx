import { useEffect, useState } from 'react';
import { Input } from '../../components/ui/input';

/** A name filter that writes the URL 250 ms after typing stops. */
export function ListFilter({ label, value, onChange }: { label: string; value?: string; onChange: (value?: string) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    const trimmed = text.trim() || undefined;
    if (trimmed === value) return;
    const timer = setTimeout(() => onChange(trimmed), 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <Input type="search" aria-label={label} placeholder={`${label}…`} value={text} onChange={(e) => setText(e.target.value)} className="h-8 w-full sm:w-72" />
  );
}
