import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  NEXT_STATUSES,
  useAddTimelineEntry,
  useDeleteIncident,
  useIncident,
  useSetIncidentStatus,
  useTimeline,
  useUpdateIncident,
  type Incident,
  type IncidentStatus,
  type Severity,
} from './queries';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Field, Input, Select } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { describeError } from '../../components/ui/states';
import { CauseSection } from './caused-by';
import { useCan } from '../../api/permissions';
import { useIsAdmin } from '../../lib/use-session';
import { SeverityBadge, SeverityOptions, StatusBadge } from './parts';
import { PostMortemSection } from './post-mortem';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/incidents/$incidentId');

export function IncidentPage() {
  const { incidentId } = route.useParams();
  const incident = useIncident(incidentId);
  return (
    <QueryState
      query={incident}
      label="the incident"
      notFound={{
        title: 'No incident with this id',
        action: <TextLink to="/incidents">Back to incidents</TextLink>,
      }}
    >
      {(i) => <IncidentView i={i} />}
    </QueryState>
  );
}

function IncidentView({ i }: { i: Incident }) {
  const isAdmin = useIsAdmin();
  // Resolve and edit: the commander and members of a team owning an affected component (decision 951).
  const canChange = useCan('incident.update', i.id);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid gap-2">
        <Link
          to="/incidents"
          className="flex w-fit items-center gap-1 text-[13px] text-muted-foreground hover:underline"
        >
          <ArrowLeft aria-hidden className="size-3.5" /> Incidents
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 className="text-xl font-semibold tracking-tight break-words">{i.title}</h1>
          {isAdmin && <DeleteIncident incident={i} />}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-[13px]">
          <SeverityBadge severity={i.severity} />
          <StatusBadge status={i.status} />
          <span className="text-muted-foreground">Declared {formatDateTime(i.createdAt)}</span>
          {i.resolvedAt && <span className="text-muted-foreground">· resolved {formatDateTime(i.resolvedAt)}</span>}
        </div>
      </div>
      {i.description && <p className="text-sm whitespace-pre-wrap">{i.description}</p>}
      {i.affectedComponents.length > 0 && (
        <section aria-labelledby="affected" className="grid gap-1.5">
          <h2 id="affected" className="text-sm font-semibold">
            Affected components
          </h2>
          <ul className="flex flex-wrap gap-2 text-[13px]">
            {i.affectedComponents.map((c) => (
              <li key={c.id}>
                <Link
                  to="/incidents"
                  search={{ component: c.id }}
                  className="rounded border px-2 py-0.5 hover:bg-muted"
                  title={`Incidents affecting ${c.name}`}
                >
                  {c.name} <span className="text-muted-foreground">({c.kind})</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <CauseSection incident={i} isAdmin={canChange} />
      {canChange && <AdminControls incident={i} />}
      <Timeline incidentId={i.id} />
      <PostMortemSection incidentId={i.id} />
    </div>
  );
}

/** Admins only, as the API: after the delete the list is all that is left to show. */
function DeleteIncident({ incident }: { incident: Incident }) {
  const remove = useDeleteIncident(incident.id);
  const navigate = useNavigate();
  return (
    <ConfirmButton
      title="Delete this incident?"
      description={`"${incident.title}", its timeline and its post-mortem are deleted for good.`}
      confirmLabel="Delete incident"
      onConfirm={async () => {
        await remove.mutateAsync();
        await navigate({ to: '/incidents' });
      }}
    >
      <Trash2 aria-hidden className="size-3.5" /> Delete incident
    </ConfirmButton>
  );
}

function AdminControls({ incident }: { incident: Incident }) {
  const next = NEXT_STATUSES[incident.status];
  const [status, setStatus] = useState<IncidentStatus | ''>('');
  const [message, setMessage] = useState('');
  const move = useSetIncidentStatus(incident.id);
  const update = useUpdateIncident(incident.id);
  const chosen = status && next.includes(status) ? status : (next[0] ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    move.mutate({ status: chosen, message: message.trim() || undefined }, { onSuccess: () => setMessage('') });
  };
  return (
    <section aria-labelledby="manage" className="grid gap-3 rounded-lg border p-3">
      <h2 id="manage" className="text-sm font-semibold">
        Manage
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field label="Severity">
          {(id) => (
            <Select
              id={id}
              className="w-40"
              value={incident.severity}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ severity: e.target.value as Severity })}
            >
              <SeverityOptions />
            </Select>
          )}
        </Field>
        {next.length > 0 ? (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
            <Field label="New status">
              {(id) => (
                <Select
                  id={id}
                  className="w-40"
                  value={chosen}
                  onChange={(e) => setStatus(e.target.value as IncidentStatus)}
                >
                  {next.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Status message (optional)">
              {(id) => (
                <Input
                  id={id}
                  className="w-64"
                  maxLength={10000}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              )}
            </Field>
            <Button type="submit" disabled={move.isPending}>
              Change status
            </Button>
          </form>
        ) : (
          <p className="text-[13px] text-muted-foreground">Resolved incidents stay resolved.</p>
        )}
      </div>
      {(move.isError || update.isError) && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(move.error ?? update.error).message}
        </p>
      )}
    </section>
  );
}

function Timeline({ incidentId }: { incidentId: string }) {
  const timeline = useTimeline(incidentId);
  const add = useAddTimelineEntry(incidentId);
  const [message, setMessage] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message.trim()) add.mutate({ message: message.trim() }, { onSuccess: () => setMessage('') });
  };
  return (
    <section aria-labelledby="timeline" className="grid gap-2">
      <h2 id="timeline" className="text-sm font-semibold">
        Timeline
      </h2>
      <QueryState query={timeline} label="the timeline" rows={3}>
        {(data) => (
          // A log: new entries (from anyone, live over /events) are read out politely.
          <div role="log" aria-label="Timeline entries" aria-live="polite">
            <ol className="grid gap-2 border-l pl-4">
              {data.map((e) => (
                <li key={e.id} className="grid gap-0.5">
                  <p className="text-sm break-words whitespace-pre-wrap">{e.message}</p>
                  <p className="text-xs text-muted-foreground">
                    {e.type === 'status_change' ? `${e.fromStatus} → ${e.toStatus} · ` : ''}
                    {e.authorUsername ?? 'someone'} ·{' '}
                    <time dateTime={String(e.createdAt)}>{formatDateTime(String(e.createdAt))}</time>
                  </p>
                </li>
              ))}
            </ol>
          </div>
        )}
      </QueryState>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Add a timeline note">
            {(id) => <Input id={id} maxLength={10000} value={message} onChange={(e) => setMessage(e.target.value)} />}
          </Field>
        </div>
        <Button type="submit" variant="secondary" disabled={add.isPending || !message.trim()}>
          Post note
        </Button>
      </form>
      {add.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(add.error).message}
        </p>
      )}
    </section>
  );
}
