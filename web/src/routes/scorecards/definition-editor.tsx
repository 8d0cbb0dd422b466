import { useId, useState } from 'react';
import { useSaveScorecard, type Scorecard, type ScorecardDefinition } from './queries';
import { Button } from '../../components/ui/button';

const EXAMPLE: ScorecardDefinition = {
  name: 'Service maturity',
  description: '',
  filter: { kinds: ['Component'] },
  levels: [
    { name: 'Bronze', colour: '#b08d57' },
    { name: 'Silver', colour: '#a8a9ad' },
  ],
  rules: [
    {
      key: 'owner',
      level: 'Bronze',
      weight: 1,
      failureMessage: 'Set an owner',
      condition: { fact: 'owner.set', operator: 'equals', value: true },
    },
    {
      key: 'no-critical',
      level: 'Silver',
      weight: 1,
      failureMessage: 'Fix critical vulnerabilities',
      condition: { fact: 'vulnerabilities.critical', operator: 'equals', value: 0 },
    },
  ],
};

/**
 * The definition as JSON (name, description, filter, levels, rules with conditions). The server
 * checks it and answers every unknown fact, operator or level by name; that message is shown here.
 */
export function DefinitionEditor({ scorecard, onSaved }: { scorecard?: Scorecard; onSaved?: (s: Scorecard) => void }) {
  const id = useId();
  const start = scorecard
    ? {
        name: scorecard.name,
        description: scorecard.description,
        filter: scorecard.filter,
        levels: scorecard.levels,
        rules: scorecard.rules,
      }
    : EXAMPLE;
  const [text, setText] = useState(() => JSON.stringify(start, null, 2));
  const [parseError, setParseError] = useState<string>();
  const save = useSaveScorecard();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    let definition: ScorecardDefinition;
    try {
      definition = JSON.parse(text) as ScorecardDefinition;
    } catch (err) {
      setParseError(`Not valid JSON: ${(err as Error).message}`);
      return;
    }
    setParseError(undefined);
    save.mutate({ id: scorecard?.id, definition }, { onSuccess: (s) => onSaved?.(s as Scorecard) });
  }

  const problem = parseError ?? (save.error ? save.error.message : undefined);
  return (
    <form onSubmit={submit} className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Definition (JSON)
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        rows={18}
        aria-describedby={problem ? `${id}-problem` : undefined}
        aria-invalid={problem ? true : undefined}
        className="w-full rounded-md border bg-background p-2 font-mono text-xs"
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="text-[13px] text-destructive">
          {problem}
        </p>
      )}
      {save.isSuccess && !problem && (
        <p role="status" className="text-[13px] text-success">
          Saved; the scorecard is being evaluated.
        </p>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {scorecard ? 'Save changes' : 'Create scorecard'}
        </Button>
      </div>
    </form>
  );
}
