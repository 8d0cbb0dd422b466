// The admin actions in a scorecard's header: evaluate now and delete.
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useDeleteScorecard, useEvaluateScorecard, useScorecard, type Scorecard } from './queries';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { describeError } from '../../components/ui/states';
import { scorecardKeys } from './keys';
import { formatDateTime } from '../../lib/format';

const POLL_MS = 1000;
const MAX_POLLS = 180;

/**
 * "Evaluate now": the server answers 202 as soon as the job is queued; the job stamps the scorecard's
 * `lastEvaluatedAt` when it ends, so the scorecard is polled until that stamp moves (decision 542),
 * then the results are refetched and the button says when it finished.
 */
export function EvaluateNow({ scorecard }: { scorecard: Scorecard }) {
  const evaluate = useEvaluateScorecard();
  const client = useQueryClient();
  // The stamp seen when the evaluation was asked for; undefined when not waiting.
  const [waitingFrom, setWaitingFrom] = useState<{ stamp: string | null; polls: number }>();
  const [finishedAt, setFinishedAt] = useState<string>();
  const polled = useScorecard(scorecard.id, waitingFrom ? POLL_MS : undefined);
  const stamp = (polled.data?.lastEvaluatedAt ?? null) as string | null;

  useEffect(() => {
    if (!waitingFrom) return;
    if (stamp !== waitingFrom.stamp) {
      setWaitingFrom(undefined);
      setFinishedAt(stamp ?? undefined);
      void client.invalidateQueries({ queryKey: scorecardKeys.all() });
    } else if (waitingFrom.polls >= MAX_POLLS) {
      setWaitingFrom(undefined);
    } else {
      setWaitingFrom({ ...waitingFrom, polls: waitingFrom.polls + 1 });
    }
    // Runs once per poll answer (dataUpdatedAt), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [polled.dataUpdatedAt]);

  const start = () => {
    setFinishedAt(undefined);
    evaluate.mutate(scorecard.id, { onSuccess: () => setWaitingFrom({ stamp, polls: 0 }) });
  };
  const status = evaluate.isPending
    ? 'Queuing an evaluation…'
    : waitingFrom
      ? 'Evaluation queued; waiting for it to finish…'
      : finishedAt
        ? `Evaluated ${formatDateTime(finishedAt)}; results refreshed.`
        : evaluate.isSuccess
          ? 'Evaluation queued; the results refresh when it finishes.'
          : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" disabled={evaluate.isPending || !!waitingFrom} onClick={start}>
        Evaluate now
      </Button>
      {status && (
        <span role="status" className="text-[13px] text-muted-foreground">
          {status}
        </span>
      )}
      {evaluate.isError && (
        <span role="alert" className="text-[13px] text-destructive">
          {describeError(evaluate.error).message}
        </span>
      )}
    </div>
  );
}

/** Delete behind the shared confirmation; the built-in scorecard's dialog says it will come back (decision 536). */
export function DeleteScorecard({ scorecard }: { scorecard: Scorecard }) {
  const navigate = useNavigate();
  const remove = useDeleteScorecard(() => navigate({ to: '/scorecards' }));
  const description = scorecard.builtIn
    ? `“${scorecard.name}” is built in: deleting it removes its results and exemptions, and it is restored with its shipped definition the next time the scorecards are listed. Use it to reset the built-in after editing it.`
    : `This removes “${scorecard.name}”, its results, history and exemptions. It cannot be undone.`;
  return (
    <ConfirmButton
      title={scorecard.builtIn ? `Reset ${scorecard.name}?` : `Delete ${scorecard.name}?`}
      description={description}
      confirmLabel={scorecard.builtIn ? 'Delete and restore' : 'Delete scorecard'}
      onConfirm={() => remove.mutateAsync(scorecard.id)}
    >
      Delete
    </ConfirmButton>
  );
}
