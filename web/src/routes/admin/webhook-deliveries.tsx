import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { ErrorState, Loading } from '../../components/ui/states';
import { formatDateTime, formatDuration } from '../../lib/format';
import { AdminTable, cell } from './admin-ui';
import { useRedeliver, useWebhookDeliveries, type WebhookSubscription } from './audit-queries';

const TONE: Record<string, 'success' | 'warning' | 'danger' | 'neutral'> = {
  delivered: 'success',
  retrying: 'warning',
  pending: 'neutral',
  failed: 'danger',
};

/** A secret shown once (creation or rotation): a read-only field and the warning (decision 998). */
export function SecretOnce({ secret, onClose }: { secret: string | undefined; onClose: () => void }) {
  return (
    <Dialog open={secret !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="The signing secret"
        description="Shown only once: copy it into the receiver's configuration now."
      >
        <label className="text-[13px] font-medium" htmlFor="webhook-secret">
          Secret
        </label>
        <Input
          id="webhook-secret"
          readOnly
          value={secret ?? ''}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button size="sm">I have stored it</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A receiver's answer: its code (or why there was none) and the start of its body. */
function Answer({ code, error, body }: { code: number | null; error: string | null; body: string | null }) {
  return (
    <div>
      <span className="font-medium">{code ?? error ?? '—'}</span>
      {body && (
        <pre className="mt-1 max-w-xs overflow-x-auto text-xs whitespace-pre-wrap break-all">{body.slice(0, 200)}</pre>
      )}
    </div>
  );
}

type Delivery = NonNullable<ReturnType<typeof useWebhookDeliveries>['data']>[number];

/** Every attempt of a delivery, oldest first: outcome, code or error, duration, the start of the response (decision 1112). */
function Attempts({ delivery }: { delivery: Delivery }) {
  const attempts = delivery.attemptHistory;
  if (attempts.length === 0) return <span className="text-xs text-muted-foreground">none yet</span>;
  return (
    <details>
      <summary className="cursor-pointer text-xs">
        {attempts.length} {attempts.length === 1 ? 'attempt' : 'attempts'}
      </summary>
      <ol className="mt-1 space-y-1" aria-label={`Attempts of ${delivery.eventType} ${delivery.messageId}`}>
        {attempts.map((a) => (
          <li key={`${a.attempt}-${a.startedAt}`} className="text-xs">
            <span className="font-medium">#{a.attempt}</span>{' '}
            <Badge tone={a.status === 'succeeded' ? 'success' : 'danger'}>{a.status}</Badge>{' '}
            {formatDuration(a.durationMs)} · <span className="whitespace-nowrap">{formatDateTime(a.startedAt)}</span>
            <Answer code={a.responseCode} error={a.error} body={a.responseBody} />
          </li>
        ))}
      </ol>
    </details>
  );
}

/** GET …/:id/deliveries with each last response and every attempt, and redeliver (same webhook-id). */
export function Deliveries({ orgId, subscription }: { orgId: string | undefined; subscription: WebhookSubscription }) {
  const [open, setOpen] = useState(false);
  const deliveries = useWebhookDeliveries(orgId, subscription.id, open);
  const redeliver = useRedeliver(orgId);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Deliveries to ${subscription.url}`}
        onClick={() => setOpen(true)}
      >
        Deliveries
      </Button>
      <DialogContent
        title={`Deliveries to ${subscription.url}`}
        description="The newest 50, with the receiver's last answer and every attempt."
        className="max-h-[85vh] w-[min(94vw,980px)] overflow-y-auto"
      >
        <div className="flex justify-end">
          <Button variant="secondary" size="sm" onClick={() => void deliveries.refetch()}>
            Refresh
          </Button>
        </div>
        {deliveries.isPending ? (
          <Loading rows={2} label="Loading deliveries" />
        ) : deliveries.isError ? (
          <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
        ) : deliveries.data.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">No deliveries yet: send a test ping.</p>
        ) : (
          <AdminTable
            label="Deliveries"
            head={['Event', 'Status', 'Last response', 'Duration', 'Attempts', 'When', 'Actions']}
          >
            {deliveries.data.map((d) => (
              <tr key={d.id}>
                <td className={`${cell} font-mono text-xs`}>{d.eventType}</td>
                <td className={cell}>
                  <Badge tone={TONE[d.status] ?? 'neutral'}>{d.status}</Badge>
                </td>
                <td className={cell}>
                  <Answer code={d.responseCode} error={d.error} body={d.responseBody} />
                </td>
                <td className={cell}>{formatDuration(d.durationMs)}</td>
                <td className={cell}>
                  <Attempts delivery={d} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(d.updatedAt)}</td>
                <td className={cell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Redeliver ${d.eventType} ${d.messageId}`}
                    disabled={redeliver.isPending}
                    onClick={() =>
                      redeliver.mutate(
                        { id: subscription.id, deliveryId: d.id },
                        { onSettled: () => void deliveries.refetch() },
                      )
                    }
                  >
                    Redeliver
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {redeliver.isError && (
          <p role="alert" className="text-xs text-destructive">
            {redeliver.error.message}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
