import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { TextLink } from '../../components/ui/text-link';
import { useIsAdmin } from '../../lib/use-session';
import { AddWidgetDialog } from './add-widget-dialog';
import { EditDashboardDialog } from './edit-dialogs';
import { useDashboard, useDeleteDashboard, type Dashboard } from './queries';
import { WidgetGrid } from './widget-grid';

const route = getRouteApi('/app/dashboards/$dashboardId');

export function DashboardPage() {
  const { dashboardId } = route.useParams();
  const dashboard = useDashboard(dashboardId);
  const isAdmin = useIsAdmin();
  return (
    <QueryState
      query={dashboard}
      label="the dashboard"
      notFound={{
        title: 'No dashboard with this id',
        action: <TextLink to="/dashboards">Back to dashboards</TextLink>,
      }}
    >
      {(d) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <Link
            to="/dashboards"
            className="flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:underline"
          >
            <ArrowLeft aria-hidden className="size-3.5" /> Dashboards
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-xl font-semibold tracking-tight break-words">{d.name}</h1>
            <Badge>{d.visibility}</Badge>
            {isAdmin && <DashboardActions dashboard={d} />}
          </div>
          {d.description && <p className="text-[13px] text-muted-foreground">{d.description}</p>}
          {!isAdmin && <p className="text-[13px] text-muted-foreground">Admins add and arrange widgets.</p>}
          {d.widgets.length === 0 ? (
            <EmptyState title="No widgets yet">
              {isAdmin ? 'Add a widget: a chart, a count or a feed.' : 'An admin adds widgets to dashboards.'}
            </EmptyState>
          ) : (
            <WidgetGrid dashboardId={d.id} widgets={d.widgets} canArrange={isAdmin} />
          )}
        </div>
      )}
    </QueryState>
  );
}

/** The admin's buttons: add a widget, edit the dashboard, delete it (then back to the list). */
function DashboardActions({ dashboard: d }: { dashboard: Dashboard }) {
  const remove = useDeleteDashboard();
  const navigate = useNavigate();
  return (
    <div className="ml-auto flex gap-2">
      <AddWidgetDialog dashboardId={d.id} widgets={d.widgets} />
      <EditDashboardDialog dashboard={d} />
      <ConfirmButton
        size="md"
        title={`Delete the dashboard “${d.name}”?`}
        description="The dashboard and its widgets are deleted for everyone."
        confirmLabel="Delete dashboard"
        onConfirm={async () => {
          await remove.mutateAsync(d.id);
          void navigate({ to: '/dashboards' });
        }}
      >
        <Trash2 aria-hidden className="size-4" /> Delete
      </ConfirmButton>
    </div>
  );
}
