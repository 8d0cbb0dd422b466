// The table of an API's spec versions, newest first, the selected one marked: each is read, moved through
// its lifecycle (deprecated, sunset) and deleted from its row.
import type { ApiSpecSummary } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { formatDate } from '../../lib/format';
import { DeleteSpecButton } from './spec-actions';
import { StatusActions } from './status-actions';

const STATUS_TONE = { active: 'success', deprecated: 'warning', sunset: 'danger' } as const;

export const SpecStatusBadge = ({ status }: { status: ApiSpecSummary['status'] }) => (
  <Badge tone={STATUS_TONE[status]}>{status}</Badge>
);

export function SpecVersionsTable({
  versions,
  selectedId,
  componentId,
  canWrite,
  onRead,
}: {
  versions: ApiSpecSummary[];
  selectedId: string;
  componentId: string;
  canWrite: boolean;
  onRead: (specId: string) => void;
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border" role="region" aria-label="Spec versions" tabIndex={0}>
      <table className="w-full border-collapse text-[13px]">
        <caption className="sr-only">Spec versions, newest first</caption>
        <thead className="bg-muted">
          <tr className="[&_th]:h-9 [&_th]:px-3 [&_th]:text-left [&_th]:font-medium [&_th]:whitespace-nowrap [&_th]:text-muted-foreground">
            <th scope="col">Version</th>
            <th scope="col">Name</th>
            <th scope="col">Format</th>
            <th scope="col">Status</th>
            <th scope="col">Registered</th>
            <th scope="col">Sunset</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="[&_td]:px-3 [&_td]:py-1.5">
          {versions.map((v) => (
            <tr
              key={v.id}
              className={'border-t ' + (v.id === selectedId ? 'bg-accent/60' : '')}
              aria-current={v.id === selectedId ? 'true' : undefined}
            >
              <td className="font-mono font-medium">{v.version}</td>
              <td>{v.name}</td>
              <td>{v.format}</td>
              <td>
                <SpecStatusBadge status={v.status} />
              </td>
              <td className="whitespace-nowrap">{formatDate(v.createdAt)}</td>
              <td className="whitespace-nowrap">{formatDate(v.sunsetAt)}</td>
              <td>
                <span className="flex justify-end gap-1.5">
                  {v.id !== selectedId && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => onRead(v.id)}
                      aria-label={`Read ${v.name} ${v.version}`}
                    >
                      Read
                    </Button>
                  )}
                  <StatusActions spec={v} componentId={componentId} />
                  {canWrite && <DeleteSpecButton spec={v} />}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
