import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/input';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { SOCKET_EVENT_NAMES } from '../../live/event-keys';
import { useOrganizationId } from '../../lib/use-session';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
  type WebhookSubscription,
} from './audit-queries';
import { Deliveries, SecretOnce } from './webhook-deliveries';

// The events a subscription may name: the socket gateway's events (webhooks hear the same, decision 991)
// whose names the API's pattern accepts, each family as `family.*`, and `*` for all.
const NAMED = SOCKET_EVENT_NAMES.filter((e) => /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(e));
const FAMILIES = [...new Set(NAMED.map((e) => `${e.split('.')[0]}.*`))];
export const EVENT_CHOICES = ['*', ...FAMILIES, ...NAMED];

function EventsPicker({ error }: { error: string | undefined }) {
  return (
    <fieldset
      className="grid gap-1 rounded-md border p-3"
      aria-describedby={error ? 'webhook-events-error' : undefined}
    >
      <legend className="px-1 text-[13px] font-medium">Events</legend>
      <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
        {EVENT_CHOICES.map((e) => (
          <label key={e} className="flex min-h-7 items-center gap-2 font-mono text-xs">
            <input type="checkbox" name="events" value={e} className="size-4" />
            {e === '*' ? '* (every event)' : e}
          </label>
        ))}
      </div>
      {error && (
        <p id="webhook-events-error" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NewWebhook({ orgId, onSecret }: { orgId: string | undefined; onSecret: (secret: string) => void }) {
  const create = useCreateWebhook(orgId);
  const e = create.error;
  return (
    <AdminFormDialog
      trigger="New webhook"
      triggerVariant="primary"
      title="New webhook"
      description="Hangar signs every delivery (Standard Webhooks) with a secret shown once, after creation."
      submitLabel="Create webhook"
      pending={create.isPending}
      error={e}
      onOpen={() => create.reset()}
      onSubmit={async (d) => {
        const events = d.getAll('events').filter((v): v is string => typeof v === 'string');
        const created = await create.mutateAsync({
          url: str(d, 'url') ?? '',
          events,
          description: str(d, 'description'),
        });
        onSecret(created.secret);
      }}
    >
      <TextField
        label="Receiver URL"
        name="url"
        type="url"
        required
        placeholder="https://example.com/hooks/hangar"
        error={fieldError(e, 'url')}
      />
      <TextField label="Description" name="description" error={fieldError(e, 'description')} />
      <EventsPicker error={fieldError(e, 'events')} />
    </AdminFormDialog>
  );
}

function Actions({
  orgId,
  sub,
  onSecret,
}: {
  orgId: string | undefined;
  sub: WebhookSubscription;
  onSecret: (secret: string) => void;
}) {
  const test = useTestWebhook(orgId);
  const rotate = useRotateWebhookSecret(orgId);
  const update = useUpdateWebhook(orgId);
  const remove = useDeleteWebhook(orgId);
  return (
    <span className="flex flex-wrap gap-2">
      <Deliveries orgId={orgId} subscription={sub} />
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Send a test ping to ${sub.url}`}
        disabled={test.isPending}
        onClick={() => test.mutate(sub.id)}
      >
        {test.isSuccess ? 'Ping queued' : 'Test'}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`${sub.active ? 'Disable' : 'Enable'} ${sub.url}`}
        onClick={() => update.mutate({ id: sub.id, active: !sub.active })}
      >
        {sub.active ? 'Disable' : 'Enable'}
      </Button>
      <ConfirmAction
        trigger="Rotate secret"
        triggerLabel={`Rotate the secret of ${sub.url}`}
        title="Rotate the signing secret?"
        description="A new secret is made and shown once; the old one stays valid for 24 hours (both signatures are sent meanwhile)."
        confirmLabel="Rotate secret"
        destructive={false}
        onConfirm={async () => onSecret((await rotate.mutateAsync(sub.id)).secret)}
      />
      <ConfirmAction
        trigger="Delete"
        triggerLabel={`Delete the webhook to ${sub.url}`}
        title="Delete this webhook?"
        description="The subscription and its deliveries are removed; nothing more is sent to this URL."
        confirmLabel="Delete webhook"
        onConfirm={() => remove.mutateAsync(sub.id)}
      />
      {(test.isError || update.isError) && (
        <span role="alert" className="text-xs text-destructive">
          {(test.error ?? update.error)?.message}
        </span>
      )}
    </span>
  );
}

/** The current organization's outbound webhooks (issue 36, decision 998). */
export function WebhooksPage() {
  const orgId = useOrganizationId();
  const subs = useWebhooks(orgId);
  const [secret, setSecret] = useState<string>();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Webhooks" action={orgId && <NewWebhook orgId={orgId} onSecret={setSecret} />}>
        Signed HTTP deliveries of the current organization&apos;s events to other systems, retried for up to five days.
      </AdminHeader>
      <SecretOnce secret={secret} onClose={() => setSecret(undefined)} />
      {!orgId ? (
        <EmptyState title="Choose an organization">
          Webhooks belong to an organization: pick one in the header.
        </EmptyState>
      ) : subs.isPending ? (
        <Loading label="Loading webhooks" />
      ) : subs.isError ? (
        <ErrorState error={subs.error} onRetry={() => void subs.refetch()} />
      ) : subs.data.length === 0 ? (
        <EmptyState title="No webhooks yet">
          Create one to send catalog, deployment or incident events to another system.
        </EmptyState>
      ) : (
        <AdminTable label="Webhooks" head={['Receiver', 'Events', 'State', 'Actions']}>
          {subs.data.map((s) => (
            <tr key={s.id}>
              <td className={cell}>
                <span className="font-mono text-xs break-all">{s.url}</span>
                {s.description && <p className="text-xs text-muted-foreground">{s.description}</p>}
              </td>
              <td className={`${cell} font-mono text-xs`}>{s.events.join(', ')}</td>
              <td className={cell}>
                {s.active ? <Badge tone="success">active</Badge> : <Badge tone="danger">disabled</Badge>}
                {s.disabledReason && <p className="text-xs text-muted-foreground">{s.disabledReason}</p>}
              </td>
              <td className={cell}>
                <Actions orgId={orgId} sub={s} onSecret={setSecret} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
