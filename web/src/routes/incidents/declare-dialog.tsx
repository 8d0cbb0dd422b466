import { useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { SEVERITIES, SEVERITY_LABELS, useComponentChoices, useDeclareIncident, type Severity } from '../../api/queries/incidents';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { describeError } from '../../components/ui/states';

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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    declare.mutate(
      { title: title.trim(), severity, description: description.trim() || undefined, affectedComponentIds: [...affected.keys()] },
      {
        onSuccess: (incident) => {
          setOpen(false);
          void navigate({ to: '/incidents/$incidentId', params: { incidentId: incident.id } });
        },
      },
    );
  };
  const toggle = (id: string, name: string) =>
    setAffected((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden className="size-4" /> Declare incident
        </Button>
      </DialogTrigger>
      <DialogContent title="Declare an incident" description="Everyone watching the incidents page sees it at once.">
        <form onSubmit={submit} className="grid gap-3">
          <Field label="Title">{(id) => <Input id={id} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />}</Field>
          <Field label="Severity">
            {(id) => (
              <Select id={id} value={severity} onChange={(e) => setSeverity(e.target.value as Severity)}>
                {SEVERITIES.map((s) => (
                  <option key={s} value={s}>
                    {SEVERITY_LABELS[s]}
                  </option>
                ))}
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
            <Input type="search" aria-label="Find components" placeholder="Find components…" value={q} onChange={(e) => setQ(e.target.value)} />
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
          {declare.isError && (
            <p role="alert" className="text-[13px] text-destructive">
              {describeError(declare.error).message}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="submit" disabled={declare.isPending || !title.trim()}>
              Declare
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
