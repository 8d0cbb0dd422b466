// Pickers for the widget settings that name records (decision 755): a component (deployment_feed's
// componentId), several (component_health's componentIds) and an environment (deployment_feed's
// environmentId). Components are searched on the server (the catalog may hold thousands); the
// environments are one short list, a native select.
import { X } from 'lucide-react';
import { useState } from 'react';
import { useEnvironments } from '../admin';
import { useCatalogPage } from '../catalog';
import { useComponentsById } from '../deployments';
import { Button } from '../../components/ui/button';
import { SearchCombobox, type ComboboxOption } from '../../components/ui/combobox';
import { FormField } from '../../components/ui/form-field';
import { Select } from '../../components/ui/input';
import { useDebounced } from '../../components/search/use-debounced';

const MATCHES = 25;

/** A search box over the catalog's components; each search is one request, 200 ms after typing stops. */
function ComponentSearch({
  label,
  description,
  error,
  exclude,
  onPick,
}: {
  label: string;
  description: string;
  error?: string;
  exclude: string[];
  onPick: (id: string) => void;
}) {
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), 200);
  // Deployments and health are of Components (decision 757): APIs, Systems and Resources are not offered.
  const page = useCatalogPage({ q: q || undefined, entityKind: 'component', size: MATCHES });
  const options: ComboboxOption[] = (page.data?.data ?? [])
    .filter((c) => !exclude.includes(c.id))
    .map((c) => ({ value: c.id, label: c.name, detail: c.entityKind }));
  return (
    <FormField label={label} description={description} error={error}>
      {(control) => (
        <SearchCombobox
          control={control}
          query={query}
          onQueryChange={setQuery}
          options={options}
          loading={page.isFetching || q !== query.trim()}
          placeholder="Type a name"
          noMatches="No component matches."
          onPick={(o) => {
            onPick(o.value);
            setQuery('');
          }}
        />
      )}
    </FormField>
  );
}

/** A component's name once read (the id until then, or when it no longer exists). */
function useNames(ids: string[]) {
  const found = useComponentsById(ids);
  return (id: string) => found.get(id)?.name ?? id;
}

/** One component, or none (every component). */
export function ComponentPick({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  const nameOf = useNames(value ? [value] : []);
  return (
    <div className="grid gap-1.5">
      <ComponentSearch
        label={label}
        description={
          value
            ? `Now: ${nameOf(value)}. Pick another to replace it.`
            : 'Now: every component. Pick one to show only its deployments.'
        }
        error={error}
        exclude={value ? [value] : []}
        onPick={onChange}
      />
      {value && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => onChange('')}>
            Show every component
          </Button>
        </div>
      )}
    </div>
  );
}

/** Several components (at most `max`), or none (the other filters decide). */
export function ComponentsPick({
  label,
  value,
  error,
  max,
  onChange,
}: {
  label: string;
  value: string[];
  error?: string;
  max: number;
  onChange: (ids: string[]) => void;
}) {
  const nameOf = useNames(value);
  return (
    <div className="grid gap-1.5">
      <ComponentSearch
        label={label}
        description={
          value.length ? `${value.length} chosen (at most ${max}).` : 'None chosen: the kind and owner filters decide.'
        }
        error={error}
        exclude={value}
        onPick={(id) => value.length < max && onChange([...value, id])}
      />
      {value.length > 0 && (
        <ul aria-label={`${label}: chosen`} className="flex flex-wrap gap-1.5">
          {value.map((id) => (
            <li key={id} className="flex items-center gap-1 rounded-md border py-0.5 pr-0.5 pl-2 text-[13px]">
              {nameOf(id)}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${nameOf(id)}`}
                onClick={() => onChange(value.filter((v) => v !== id))}
              >
                <X aria-hidden className="size-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One environment, or every environment. A stored id no longer listed stays as an option, so saving keeps it. */
export function EnvironmentPick({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (id: string) => void;
}) {
  const environments = useEnvironments();
  const list = environments.data ?? [];
  return (
    <FormField
      label={label}
      description={environments.isError ? 'The environments could not be read.' : undefined}
      error={error}
    >
      {(control) => (
        <Select {...control} value={value} onChange={(e) => onChange(e.target.value)} disabled={environments.isPending}>
          <option value="">Every environment</option>
          {list.map((env) => (
            <option key={env.id} value={env.id}>
              {env.name}
            </option>
          ))}
          {value && !list.some((env) => env.id === value) && (
            <option value={value}>{environments.isPending ? 'Loading…' : `Unknown (${value.slice(0, 8)})`}</option>
          )}
        </Select>
      )}
    </FormField>
  );
}
