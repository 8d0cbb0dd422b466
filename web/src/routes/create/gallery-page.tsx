// The template gallery: every service template as a card, filtered by language, tag and text (in the
// URL), and the caller's latest scaffolds with their status.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useScaffoldRequests, useTemplates, type ServiceTemplate } from './queries';
import { Badge } from '../../components/ui/badge';
import { Field, Input, Select } from '../../components/ui/input';
import { EmptyState } from '../../components/ui/states';
import { repositoryName } from './repository-url';
import { ScaffoldStatusBadge } from './scaffold-status';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/create');

/** Templates matching the gallery's filters (language and tag exact, case-insensitive; text in name, description, framework, tags). */
export function filterTemplates(
  all: ServiceTemplate[],
  f: { q?: string; language?: string; tag?: string },
): ServiceTemplate[] {
  const q = f.q?.toLowerCase();
  const language = f.language?.toLowerCase();
  const tag = f.tag?.toLowerCase();
  return all.filter(
    (t) =>
      (!language || t.language.toLowerCase() === language) &&
      (!tag || t.tags.some((x) => x.toLowerCase() === tag)) &&
      (!q || `${t.name} ${t.description} ${t.language} ${t.framework} ${t.tags.join(' ')}`.toLowerCase().includes(q)),
  );
}

const sortedUnique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/** Language, tag and text, each in the URL. */
function GalleryFilters({ languages, tags }: { languages: string[]; tags: string[] }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setFilter = (patch: Partial<typeof search>) =>
    void navigate({
      search: (prev) => Object.fromEntries(Object.entries({ ...prev, ...patch }).filter(([, v]) => v)),
      replace: true,
    });
  return (
    <div
      role="search"
      aria-label="Filter templates"
      className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]"
    >
      <Field label="Search templates">
        {(id) => (
          <Input
            id={id}
            type="search"
            value={search.q ?? ''}
            placeholder="Name, framework, tag…"
            onChange={(e) => setFilter({ q: e.target.value })}
          />
        )}
      </Field>
      <Field label="Language">
        {(id) => (
          <Select id={id} value={search.language ?? ''} onChange={(e) => setFilter({ language: e.target.value })}>
            <option value="">All languages</option>
            {languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Tag">
        {(id) => (
          <Select id={id} value={search.tag ?? ''} onChange={(e) => setFilter({ tag: e.target.value })}>
            <option value="">All tags</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

export function GalleryPage() {
  const search = route.useSearch();
  const templates = useTemplates();
  const all = templates.data;
  const languages = useMemo(() => sortedUnique(all?.map((t) => t.language) ?? []), [all]);
  const tags = useMemo(() => sortedUnique(all?.flatMap((t) => t.tags) ?? []), [all]);
  const shown = useMemo(() => (all ? filterTemplates(all, search) : []), [all, search]);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">Create a service</h1>
        <p className="text-[13px] text-muted-foreground">
          Pick a template, fill in its settings, preview the files it writes, then create the repository. Nothing is
          written before you confirm.
        </p>
      </div>

      <GalleryFilters languages={languages} tags={tags} />

      <QueryState query={templates} label="templates" rows={4}>
        {() =>
          shown.length === 0 ? (
            <EmptyState title={all && all.length > 0 ? 'No template matches these filters' : 'No templates yet'}>
              {all && all.length > 0
                ? 'Clear a filter to see more templates.'
                : 'Admins add templates under Administration → Templates.'}
            </EmptyState>
          ) : (
            <section aria-labelledby="templates-heading" className="grid gap-2">
              <h2 id="templates-heading" className="text-sm font-semibold">
                {shown.length} {shown.length === 1 ? 'template' : 'templates'}
              </h2>
              <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                {shown.map((t) => (
                  <li key={t.id}>
                    <TemplateCard template={t} />
                  </li>
                ))}
              </ul>
            </section>
          )
        }
      </QueryState>

      <RecentScaffolds />
    </div>
  );
}

function TemplateCard({ template: t }: { template: ServiceTemplate }) {
  const required = t.variables.filter((v) => v.required).length;
  return (
    <article className="relative flex h-full flex-col gap-2 rounded-lg border bg-card p-4 focus-within:ring-2 focus-within:ring-ring hover:border-primary/60">
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {/* The whole card is the link's target area; the name is its accessible name. */}
          <Link
            to="/create/$templateId"
            params={{ templateId: t.id }}
            className="outline-none after:absolute after:inset-0 after:content-['']"
          >
            {t.name}
          </Link>
        </h3>
        {t.isBuiltIn && <Badge>built-in</Badge>}
      </div>
      <p className="line-clamp-3 text-[13px] text-muted-foreground">{t.description || 'No description.'}</p>
      <div className="mt-auto flex flex-wrap items-center gap-1.5">
        <Badge tone="primary">{t.language}</Badge>
        <Badge>{t.framework}</Badge>
        {t.tags.map((tag) => (
          <Badge key={tag} className="font-normal">
            #{tag}
          </Badge>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        {t.variables.length} {t.variables.length === 1 ? 'setting' : 'settings'}
        {required ? `, ${required} required` : ''}
      </p>
    </article>
  );
}

/** The caller's latest real scaffolds (dry runs left out), each linking to its progress. */
function RecentScaffolds() {
  const requests = useScaffoldRequests();
  const real = requests.data?.data.filter((r) => !r.dryRun).slice(0, 10) ?? [];
  if (requests.isPending || requests.isError || real.length === 0) return null;
  return (
    <section aria-labelledby="recent-heading" className="grid gap-2">
      <h2 id="recent-heading" className="text-sm font-semibold">
        Recent services
      </h2>
      <ul className="grid divide-y rounded-lg border">
        {real.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-[13px]">
            <Link
              to="/create/$templateId"
              params={{ templateId: r.templateId }}
              search={{ request: r.id }}
              className="font-medium text-primary hover:underline"
            >
              {repositoryName(r.targetRepository)}
            </Link>
            <span className="text-muted-foreground">{r.templateName}</span>
            <ScaffoldStatusBadge status={r.status} />
            <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">{r.targetRepository}</span>
            <span className="ml-auto text-xs text-muted-foreground">{formatDateTime(r.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
