import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIacModuleList } from './queries';
import { Badge } from '../../components/ui/badge';
import { SelectField, TextField } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { ENGINES, PROVIDERS, type Engine, type Provider } from './iac-search';
import { IacShell } from './iac-shell';
import { RegisterModuleDialog } from './module-dialogs';

const route = getRouteApi('/app/iac/modules');

type Search = ReturnType<typeof route.useSearch>;

/** One of the fixed lists as a filter of the address; the empty choice is `any`. */
function ChoiceFilter({
  label,
  any,
  options,
  value,
  onChange,
}: {
  label: string;
  any: string;
  options: readonly string[];
  value?: string;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <SelectField label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">{any}</option>
      {options.map((p) => (
        <option key={p} value={p}>
          {p}
        </option>
      ))}
    </SelectField>
  );
}

function ModuleFilters({ search }: { search: Search }) {
  const navigate = route.useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  // The search box writes the URL after a short pause; the URL is the query.
  useEffect(() => {
    const t = setTimeout(
      () => void navigate({ search: (s) => ({ ...s, q: q.trim() || undefined }), replace: true }),
      250,
    );
    return () => clearTimeout(t);
  }, [q, navigate]);
  return (
    <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter modules">
      <TextField
        label="Search"
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder="Name or description"
      />
      <ChoiceFilter
        label="Provider"
        any="Any provider"
        options={PROVIDERS}
        value={search.provider}
        onChange={(v) => void navigate({ search: (s) => ({ ...s, provider: v as Provider | undefined }) })}
      />
      <ChoiceFilter
        label="Engine"
        any="Any engine"
        options={ENGINES}
        value={search.engine}
        onChange={(v) => void navigate({ search: (s) => ({ ...s, engine: v as Engine | undefined }) })}
      />
    </div>
  );
}

type Module = NonNullable<ReturnType<typeof useIacModuleList>['data']>[number];

function ModuleRow({ m }: { m: Module }) {
  return (
    <tr>
      <td className="font-medium">
        <Link to="/iac/modules/$moduleId" params={{ moduleId: m.id }} className="text-primary hover:underline">
          {m.name}
        </Link>
        {m.description && (
          <span className="block max-w-80 truncate text-xs font-normal text-muted-foreground">{m.description}</span>
        )}
      </td>
      <td>{m.provider}</td>
      <td>{m.engine ?? '—'}</td>
      <td className="font-mono">
        {m.latestVersion ?? <span className="text-muted-foreground">not synced</span>}
        {m.failedVersions.length > 0 && (
          <Badge tone="warning" className="ml-2">
            {m.failedVersions.length} unreadable
          </Badge>
        )}
      </td>
      <td className="max-w-72 truncate">{m.sourceRepoUrl}</td>
    </tr>
  );
}

export function ModulesPage() {
  const search = route.useSearch();
  const modules = useIacModuleList({ search: search.q, provider: search.provider, engine: search.engine });
  const filtered = !!(search.q || search.provider || search.engine);
  return (
    <IacShell
      title="Module catalog"
      intro="Reusable infrastructure modules; versions, variables and outputs are read from their repository's tags."
      actions={<RegisterModuleDialog />}
    >
      <ModuleFilters search={search} />
      <QueryState
        query={modules}
        label="modules"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: filtered ? 'No module matches' : 'No modules yet',
          body: filtered
            ? 'Change the filters, or register the module.'
            : 'Register a module (name, provider, source repository), then sync it on its page to read its versions.',
        }}
      >
        {(list) => (
          <SimpleTable label="IaC modules" head={['Module', 'Provider', 'Engine', 'Latest version', 'Source']}>
            {list.map((m) => (
              <ModuleRow key={m.id} m={m} />
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </IacShell>
  );
}
