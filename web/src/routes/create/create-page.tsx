// A template's page: the form its variables call for, the dry-run preview (decision 703: create is
// offered only for the values a preview showed), then the scaffold's live progress.
import { getRouteApi, Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useScaffoldRequest, useTemplate, type ServiceTemplate } from './queries';
import { Badge } from '../../components/ui/badge';
import { QueryState } from '../../components/ui/query-state';
import { Loading } from '../../components/ui/states';
import { ProgressPanel } from './progress-panel';
import { Workspace } from './workspace';

const route = getRouteApi('/app/create/$templateId');

export function CreatePage() {
  const { templateId } = route.useParams();
  const search = route.useSearch();
  const template = useTemplate(templateId);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Link
        to="/create"
        className="inline-flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden className="size-3.5" /> All templates
      </Link>
      <QueryState query={template} label="the template" notFound={{ title: 'No template with this id' }}>
        {(t) => (
          <>
            <header className="grid gap-1.5">
              <h1 className="text-xl font-semibold tracking-tight">Create a service from {t.name}</h1>
              {t.description && <p className="text-[13px] text-muted-foreground">{t.description}</p>}
              <div className="flex flex-wrap gap-1.5">
                <Badge tone="primary">{t.language}</Badge>
                <Badge>{t.framework}</Badge>
                {t.tags.map((tag) => (
                  <Badge key={tag} className="font-normal">
                    #{tag}
                  </Badge>
                ))}
              </div>
            </header>
            {search.request ? (
              <ProgressPanel requestId={search.request} template={t} />
            ) : (
              <SeededWorkspace template={t} previewId={search.preview} file={search.file} />
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

/** After a reload on `?preview=<id>`, the form starts from the values that dry run used. */
function SeededWorkspace({
  template,
  previewId,
  file,
}: {
  template: ServiceTemplate;
  previewId?: string;
  file?: string;
}) {
  const preview = useScaffoldRequest(previewId);
  const [seed] = useState(() => preview.data);
  if (previewId && !seed && preview.isPending) return <Loading rows={4} label="Loading the preview" />;
  const from = seed ?? (preview.data?.templateId === template.id ? preview.data : undefined);
  return (
    <Workspace key={from ? 'seeded' : 'fresh'} template={template} seed={from} preview={preview.data} file={file} />
  );
}
