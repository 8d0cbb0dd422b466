import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useComponentChoices, useDeclareIncident, type Severity } from './queries';
import { SeverityOptions } from './parts';
import { Button } from '../../components/ui/button';
import { FormDialog } from '../../components/ui/form-dialog';
import { Input, SelectField, TextareaField, TextField } from '../../components/ui/input';

type Choices = ReturnType<typeof useComponentChoices>;

/** The chosen components as a map of id to name, each toggled by its checkbox. */
function useAffected() {
  const [affected, setAffected] = useState<Map<string, string>>(new Map());
  const toggle = (id: string, name: string) =>
    setAffected((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  return { affected, toggle };
}

/** The components chosen so far (ticked), then the search's other matches. */
function AffectedComponents({
  q,
  setQ,
  choices,
  affected,
  toggle,
}: ReturnType<typeof useAffected> & { q: string; setQ: (q: string) => void; choices: Choices }) {
  return (
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
  );
}

/** Admins declare an incident: title, severity, description and the components it affects. */
export function DeclareIncidentDialog() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [severity, setSeverity] = useState<Severity>('P2');
  const [description, setDescription] = useState('');
  const [q, setQ] = useState('');
  const affected = useAffected();
  const choices = useComponentChoices(q);
  const declare = useDeclareIncident();
  const navigate = useNavigate();

  const submit = () =>
    declare.mutate(
      {
        title: title.trim(),
        severity,
        description: description.trim() || undefined,
        affectedComponentIds: [...affected.affected.keys()],
      },
      {
        onSuccess: (incident) => {
          setOpen(false);
          void navigate({ to: '/incidents/$incidentId', params: { incidentId: incident.id } });
        },
      },
    );

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
      <TextField label="Title" required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
      <SelectField label="Severity" value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
        <SeverityOptions />
      </SelectField>
      <TextareaField
        label="Description"
        description="Optional. What is happening, who is affected."
        maxLength={20000}
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <AffectedComponents q={q} setQ={setQ} choices={choices} {...affected} />
    </FormDialog>
  );
}
