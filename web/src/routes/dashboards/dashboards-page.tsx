import { Link, useNavigate } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useCreateDashboard, useDashboards } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Field, Input, Select } from '../../components/ui/input';
import { describeError, DemoHint, EmptyState } from '../../components/ui/states';
import { QueryState } from '../../components/ui/query-state';

export function DashboardsPage() {
  const dashboards = useDashboards(1, 100);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Dashboards</h1>
        {dashboards.data && <p className="text-[13px] text-muted-foreground">{dashboards.data.total} dashboards</p>}
        <div className="ml-auto">
          <CreateDashboardDialog />
        </div>
      </div>
      <QueryState query={dashboards} label="dashboards" rows={4}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title="No dashboards yet">
              Create one, then add widgets: charts of metrics and uptime, incident counts, deployment feeds.
              <DemoHint />
            </EmptyState>
          ) : (
            <ul aria-label="Dashboards" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {loaded.data.map((d) => (
                <li key={d.id} className="grid gap-1 rounded-lg border p-3">
                  <Link
                    to="/dashboards/$dashboardId"
                    params={{ dashboardId: d.id }}
                    className="font-medium text-primary hover:underline"
                  >
                    {d.name}
                  </Link>
                  {d.description && <p className="line-clamp-2 text-[13px] text-muted-foreground">{d.description}</p>}
                  <p className="flex items-center gap-2 text-xs text-muted-foreground">
                    <Badge>{d.visibility}</Badge> {d.widgets.length} widgets
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function CreateDashboardDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<'private' | 'workspace'>('private');
  const create = useCreateDashboard();
  const navigate = useNavigate();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { name: name.trim(), description: description.trim() || undefined, visibility },
      {
        onSuccess: (d) => {
          setOpen(false);
          void navigate({ to: '/dashboards/$dashboardId', params: { dashboardId: d.id } });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden className="size-4" /> New dashboard
        </Button>
      </DialogTrigger>
      <DialogContent title="New dashboard">
        <form onSubmit={submit} className="grid gap-3">
          <Field label="Name">
            {(id) => <Input id={id} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Description">
            {(id) => (
              <Input id={id} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
            )}
          </Field>
          <Field label="Visibility" hint="Private: only you see it. Workspace: every signed-in user.">
            {(id, note) => (
              <Select
                id={id}
                aria-describedby={note}
                value={visibility}
                onChange={(e) => setVisibility(e.target.value as 'private' | 'workspace')}
              >
                <option value="private">Private</option>
                <option value="workspace">Workspace</option>
              </Select>
            )}
          </Field>
          {create.isError && (
            <p role="alert" className="text-[13px] text-destructive">
              {describeError(create.error).message}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={create.isPending || !name.trim()}>
              Create
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
