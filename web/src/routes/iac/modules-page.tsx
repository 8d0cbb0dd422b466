import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useIacModuleList } from './queries';
import { Badge } from '../../components/ui/badge';
import { Field, Input, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { SimpleTable } from '../../components/ui/simple-table';
import { ENGINES, PROVIDERS, type Engine, type Provider } from './iac-search';
import { IacShell } from './iac-shell';
import { RegisterModuleDialog } from './module-dialogs';

const route = getRouteApi('/app/iac/modules');

export function ModulesPage() {
  const search = route.useSearch();
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
  const modules = useIacModuleList({ search: search.q, provider: search.provider, engine: search.engine });
  return (
    <IacShell
      title="Module catalog"
      intro="Reusable infrastructure modules; versions, variables and outputs are read from their repository's tags."
      actions={<RegisterModuleDialog />}
    >
      <div className="grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter modules">
        <Field label="Search">
          {(id) => (
            <Input
              id={id}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="Name or description"
            />
          )}
        </Field>
        <Field label="Provider">
          {(id) => (
            <Select
              id={id}
              value={search.provider ?? ''}
              onChange={(e) =>
                void navigate({
                  search: (s) => ({ ...s, provider: (e.target.value || undefined) as Provider | undefined }),
                })
              }
            >
              <option value="">Any provider</option>
              {PROVIDERS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Engine">
          {(id) => (
            <Select
              id={id}
              value={search.engine ?? ''}
              onChange={(e) =>
                void navigate({
                  search: (s) => ({ ...s, engine: (e.target.value || undefined) as Engine | undefined }),
                })
              }
            >
              <option value="">Any engine</option>
              {ENGINES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <QueryState
        query={modules}
        label="modules"
        isEmpty={(l) => l.length === 0}
        empty={{
          title: search.q || search.provider || search.engine ? 'No module matches' : 'No modules yet',
          body:
            search.q || search.provider || search.engine
              ? 'Change the filters, or register the module.'
              : 'Register a module (name, provider, source repository), then sync it on its page to read its versions.',
        }}
      >
        {(list) => (
          <SimpleTable label="IaC modules" head={['Module', 'Provider', 'Engine', 'Latest version', 'Source']}>
            {list.map((m) => (
              <tr key={m.id}>
                <td className="font-medium">
                  <Link
                    to="/iac/modules/$moduleId"
                    params={{ moduleId: m.id }}
                    className="text-primary hover:underline"
                  >
                    {m.name}
                  </Link>
                  {m.description && (
                    <span className="block max-w-80 truncate text-xs font-normal text-muted-foreground">
                      {m.description}
                    </span>
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
            ))}
          </SimpleTable>
        )}
      </QueryState>
    </IacShell>
  );
}
