import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useComponentChoices, useDeclareIncident, type Severity } from './queries';
import { SeverityOptions } from './parts';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field, Input, Select } from '../../components/ui/input';

/** Admins declare an incident: title, severity, description and the components it affects. */
export function DeclareIncidentDialog() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<Severity>('P2');
  const [description, setDescription] = useState('');
  const [q, setQ] = useState('');
  const [affected, setAffected] = useState<Map<string, string>>(new Map());
  const choices = useComponentChoices(q);
  const declare = useDeclareIncident();
  const navigate = useNavigate();

  const submit = () =>
    declare.mutate(
      {
        title: title.trim(),
        severity,
        description: description.trim() || undefined,
        affectedComponentIds: [...affected.keys()],
      },
      {
        onSuccess: (incident) => {
          setOpen(false);
          void navigate({ to: '/incidents/$incidentId', params: { incidentId: incident.id } });
        },
      },
    );
  const toggle = (id: string, name: string) =>
    setAffected((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      onClose={() => declare.reset()}
      trigger={
        <Button>
          <Plus aria-hidden className="size-4" /> Declare incident
        </Button>
      }
      title="Declare an incident"
      description="Everyone watching the incidents page sees it at once."
      className=""
      onSubmit={submit}
      error={declare.error}
      submitLabel="Declare"
      submitDisabled={declare.isPending || !title.trim()}
    >
      <Field label="Title">
        {(id) => <Input id={id} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Severity">
        {(id) => (
          <Select id={id} value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
            <SeverityOptions />
          </Select>
        )}
      </Field>
      <Field label="Description" hint="Optional. What is happening, who is affected.">
        {(id, note) => (
          <textarea
            id={id}
            aria-describedby={note}
            maxLength={20000}
            rows={3}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm"
          />
        )}
      </Field>
      <fieldset className="grid gap-1.5">
        <legend className="text-[13px] font-medium">Affected components</legend>
        <Input
          type="search"
          aria-label="Find components"
          placeholder="Find components…"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <ul className="grid max-h-40 gap-0.5 overflow-y-auto">
          {[...affected].map(([id, name]) => (
            <li key={id}>
              <label className="flex items-center gap-2 text-[13px]">
                <input type="checkbox" checked onChange={() => toggle(id, name)} /> {name}
              </label>
            </li>
          ))}
          {(choices.data?.data ?? [])
            .filter((c) => !affected.has(c.id))
            .map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2 text-[13px]">
                  <input type="checkbox" checked={false} onChange={() => toggle(c.id, c.name)} /> {c.name}
                  <span className="text-muted-foreground">{c.kind}</span>
                </label>
              </li>
            ))}
        </ul>
      </fieldset>
    </FormDialog>
  );
}
