import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';

/** The namespace the mesh pages read their resources from (kept in the address). */
export function NamespaceForm({ namespace, onChange }: { namespace: string; onChange: (ns: string | undefined) => void }) {
  const [value, setValue] = useState(namespace);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange(value.trim() || undefined);
  };
  return (
    <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_auto]" aria-label="Namespace">
      <Field label="Namespace">{(id) => <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} placeholder="default" required />}</Field>
      <Button type="submit">Show</Button>
    </form>
  );
}
