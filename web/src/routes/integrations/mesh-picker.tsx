import { useState, type CSSProperties, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/input';
import { MESH_RANGES, type MeshRange } from './integrations-search';

type Param = 'namespace' | 'service';

/** One text field of the picker: the address parameter it sets, its label and its starting value. */
export interface PickerField {
  param: Param;
  label: string;
  value: string;
  placeholder?: string;
  required?: boolean;
}

/**
 * What a mesh page reads, kept in the address: a namespace, and on the metrics pages a service and a
 * time window (decision 787). "Show" writes the typed values (empty ones as absent); the window applies at once.
 */
export function MeshPicker({
  label,
  fields,
  range,
  onRange,
  onShow,
}: {
  label: string;
  fields: PickerField[];
  range?: MeshRange;
  onRange?: (range: MeshRange) => void;
  onShow: (values: Partial<Record<Param, string>>) => void;
}) {
  const [values, setValues] = useState(() => fields.map((f) => f.value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onShow(Object.fromEntries(fields.map((f, i) => [f.param, values[i].trim() || undefined])));
  };
  // A column per text field, one for the window, one for the button (a variable: Tailwind needs static class names).
  const columns = {
    '--picker-columns': [...fields.map(() => '1fr'), ...(range ? ['auto'] : []), 'auto'].join(' '),
  } as CSSProperties;
  return (
    <form
      onSubmit={submit}
      style={columns}
      className="grid items-end gap-3 sm:grid-cols-(--picker-columns)"
      aria-label={label}
    >
      {fields.map((f, i) => (
        <Field key={f.param} label={f.label}>
          {(id) => (
            <Input
              id={id}
              value={values[i]}
              onChange={(e) => {
                const value = e.target.value;
                setValues((all) => all.map((v, j) => (j === i ? value : v)));
              }}
              placeholder={f.placeholder}
              required={f.required}
            />
          )}
        </Field>
      ))}
      {range && (
        <Field label="Window">
          {(id) => (
            <Select id={id} value={range} onChange={(e) => onRange?.(e.target.value as MeshRange)}>
              {MESH_RANGES.map((r) => (
                <option key={r} value={r}>
                  last {r}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Button type="submit">Show</Button>
    </form>
  );
}
