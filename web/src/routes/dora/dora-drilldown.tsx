// The records behind the DORA figures, one kind at a time (deployments, failed ones, changes, skewed
// commits, incidents), a page of 25 at a time; the page is in the URL.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useDoraDrilldown, type DoraSlice, type DrillKind } from './queries';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/states';
import { duration } from './dora-search';
import { formatDateTimeUtc } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const PAGE = 25;

export const DRILL_LABELS: Record<DrillKind, string> = {
  deployments: 'Deployments',
  failed: 'Failed deployments',
  changes: 'Changes',
  skewed: 'Skewed commits',
  incidents: 'Incidents',
};

type Drill = NonNullable<ReturnType<typeof useDoraDrilldown>['data']>;

function Table({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table aria-label={label} className="w-full text-left text-[13px]">
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t">
              {r.map((c, j) => (
                <td key={j} className="px-3 py-1.5 whitespace-nowrap">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const DEPLOYMENT_HEAD = [
  'Deployed (UTC)',
  'Component',
  'Environment',
  'Version',
  'Failed',
  'Incidents',
  'Recovery',
  'Commits',
];
const CHANGE_HEAD = ['Commit', 'Committed (UTC)', 'Deployed (UTC)', 'Lead time', 'Component'];
const INCIDENT_HEAD = ['Opened (UTC)', 'Title', 'Severity', 'Status', 'Resolved (UTC)', 'Component', 'Deployed (UTC)'];

/** The heading and the cells of one kind's records. */
function drillRows(loaded: Drill): { head: string[]; rows: (string | number)[][] } | undefined {
  if (loaded.kind === 'deployments' || loaded.kind === 'failed')
    return {
      head: DEPLOYMENT_HEAD,
      rows: loaded.page.data.map((d) => [
        formatDateTimeUtc(d.deployedAt),
        d.componentName,
        d.environmentName,
        d.version,
        d.failed ? (d.rolledBackAt ? 'rolled back' : 'yes') : 'no',
        d.incidentIds.length,
        d.failed ? duration(d.recoverySeconds) : '—',
        d.changesStatus === 'read' ? d.changeCount : d.changesStatus.replace('_', ' '),
      ]),
    };
  if (loaded.kind === 'changes' || loaded.kind === 'skewed')
    return {
      head: CHANGE_HEAD,
      rows: loaded.page.data.map((c) => [
        c.sha.slice(0, 12),
        formatDateTimeUtc(c.committedAt),
        formatDateTimeUtc(c.deployedAt),
        c.skewed ? `skewed (${duration(-c.leadSeconds)} after)` : duration(c.leadSeconds),
        c.componentName,
      ]),
    };
  if (loaded.kind === 'incidents')
    return {
      head: INCIDENT_HEAD,
      rows: loaded.page.data.map((i) => [
        formatDateTimeUtc(i.createdAt),
        i.title,
        i.severity,
        i.status,
        formatDateTimeUtc(i.resolvedAt),
        i.componentName,
        formatDateTimeUtc(i.deployedAt),
      ]),
    };
  return undefined;
}

function DrillPager({
  kind,
  total,
  page,
  onPage,
}: {
  kind: DrillKind;
  total: number;
  page: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / PAGE));
  return (
    <nav
      aria-label={`${DRILL_LABELS[kind]} pages`}
      className="flex items-center justify-end gap-2 text-[13px] text-muted-foreground"
    >
      <span>{total} records</span>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden className="size-3.5" /> Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <ChevronRight aria-hidden className="size-3.5" />
      </Button>
    </nav>
  );
}

export function Drilldown({
  kind,
  slice,
  page,
  onPage,
}: {
  kind: DrillKind;
  slice: DoraSlice;
  page: number;
  onPage: (p: number) => void;
}) {
  const q = useDoraDrilldown(kind, slice, { skip: (page - 1) * PAGE, take: PAGE });
  return (
    <QueryState query={q} label={DRILL_LABELS[kind].toLowerCase()} rows={4}>
      {(loaded) => {
        const { total } = loaded.page;
        if (total === 0) return <EmptyState title={`No ${DRILL_LABELS[kind].toLowerCase()} in this window`} />;
        const table = drillRows(loaded);
        return (
          <div className="grid gap-2">
            {table && <Table label={DRILL_LABELS[kind]} head={table.head} rows={table.rows} />}
            <DrillPager kind={kind} total={total} page={page} onPage={onPage} />
          </div>
        );
      }}
    </QueryState>
  );
}
