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
  // When the evaluation was seen to finish (a new object each time, so the refetch below runs each time).
  const [finished, setFinished] = useState<{ at?: string }>();
  const polled = useScorecard(scorecard.id, waitingFrom ? POLL_MS : undefined);
  const stamp = (polled.data?.lastEvaluatedAt ?? null) as string | null;

  // Each poll answer (dataUpdatedAt) moves the wait on, adjusted while rendering rather than in an effect
  // (React's "storing information from previous renders"): no extra commit per answer.
  const [seenAnswer, setSeenAnswer] = useState(polled.dataUpdatedAt);
  if (seenAnswer !== polled.dataUpdatedAt) {
    setSeenAnswer(polled.dataUpdatedAt);
    if (waitingFrom && stamp !== waitingFrom.stamp) {
      setWaitingFrom(undefined);
      setFinished({ at: stamp ?? undefined });
    } else if (waitingFrom) {
      setWaitingFrom(waitingFrom.polls >= MAX_POLLS ? undefined : { ...waitingFrom, polls: waitingFrom.polls + 1 });
    }
  }
  // The results are read again once it finished: the query cache is the external system here.
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: scorecardKeys.all() });
  }, [finished, client]);

  const start = () => {
    setFinished(undefined);
    evaluate.mutate(scorecard.id, { onSuccess: () => setWaitingFrom({ stamp, polls: 0 }) });
  };
  const status = evaluate.isPending
    ? 'Queuing an evaluation…'
    : waitingFrom
      ? 'Evaluation queued; waiting for it to finish…'
      : finished?.at
        ? `Evaluated ${formatDateTime(finished.at)}; results refreshed.`
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
