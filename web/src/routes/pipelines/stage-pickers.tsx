// The pickers of stage fields that name another record: an environment, a component.
import { useDeferredValue, useId } from 'react';
import { Input, Select } from '../../components/ui/input';
import { useComponentOptions, useEnvironmentOptions } from './queries';

interface PickerProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string;
  invalid: boolean;
}

/** The environments by name; an id not among them (deleted, or typed elsewhere) stays selectable. */
export function EnvironmentSelect({ id, value, onChange, describedBy, invalid }: PickerProps) {
  const environments = useEnvironmentOptions();
  const list = environments.data ?? [];
  return (
    <Select
      id={id}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-describedby={describedBy}
      aria-invalid={invalid}
    >
      <option value="">
        {environments.isPending
          ? 'Loading environments…'
          : list.length
            ? 'Choose an environment'
            : 'No environments: an admin creates them'}
      </option>
      {value && !list.some((e) => e.id === value) && <option value={value}>{value}</option>}
      {list.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name} ({e.type})
        </option>
      ))}
    </Select>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A component UUID with suggestions from the catalog while a name is typed (a native datalist). */
export function ComponentInput({ id, value, onChange, describedBy, invalid }: PickerProps) {
  const listId = useId();
  const q = useDeferredValue(UUID.test(value) ? '' : value.trim());
  const components = useComponentOptions(q);
  const chosen = components.data?.find((c) => c.id === value);
  return (
    <>
      <Input
        id={id}
        value={value}
        list={listId}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        className="font-mono"
      />
      <datalist id={listId}>
        {(components.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({c.kind})
          </option>
        ))}
      </datalist>
      {chosen && <p className="text-xs text-muted-foreground">{chosen.name}</p>}
    </>
  );
}
