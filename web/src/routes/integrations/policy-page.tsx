import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useComponentNames, useEvaluatePolicy, usePolicyResults, usePolicyStatus } from './queries';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { NotConfigured } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { ComponentPicker } from './component-picker';
import { IntegrationShell, Section } from './integration-shell';
import { ResourceTable } from './resource-table';
import { systemConfig } from './systems';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/integrations/policy');
const CONFIG = systemConfig('/integrations/policy');

function Evaluate({ componentId }: { componentId?: string }) {
  const [path, setPath] = useState('');
  const [input, setInput] = useState('{}');
  const [inputError, setInputError] = useState<string>();
  const evaluate = useEvaluatePolicy();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch {
      return setInputError('The input is not valid JSON.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return setInputError('The input must be a JSON object.');
    setInputError(undefined);
    evaluate.mutate({
      policyPath: path.trim(),
      input: parsed as Record<string, unknown>,
      ...(componentId ? { componentId } : {}),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Evaluate a policy" className="grid gap-3 rounded-lg border p-3">
      <Field label="Policy path" hint="The OPA data path, e.g. hangar/deploy/allow">
        {(id, d) => (
          <Input id={id} aria-describedby={d} value={path} onChange={(e) => setPath(e.target.value)} required />
        )}
      </Field>
      <Field label="Input (JSON object)" error={inputError}>
        {(id, d) => (
          <textarea
            id={id}
            aria-describedby={d}
            aria-invalid={!!inputError}
            value={input}
            onChange={(e) => setInput(e.target.value)}
            rows={4}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-[13px] aria-[invalid=true]:border-destructive"
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={evaluate.isPending}>
          Evaluate{componentId ? ' and store' : ''}
        </Button>
        {evaluate.data && (
          <p role="status" className="text-[13px]">
            <Badge tone={evaluate.data.allowed ? 'success' : 'danger'}>
              {evaluate.data.allowed ? 'allowed' : 'denied'}
            </Badge>{' '}
            {evaluate.data.violations.join('; ')}
          </p>
        )}
      </div>
      {evaluate.error && <ErrorState error={evaluate.error} />}
    </form>
  );
}

export function PolicyPage() {
  const { component } = route.useSearch();
  const navigate = route.useNavigate();
  const status = usePolicyStatus();
  const results = usePolicyResults(component);
  const names = useComponentNames(component ? [component] : []);
  return (
    <IntegrationShell
      title="Policy evaluations"
      intro="Open Policy Agent decisions, stored per component when evaluated for one."
    >
      <QueryState query={status} label="policy engine status">
        {(s) =>
          s.reachable ? (
            <p className="text-[13px]">
              <Badge tone="success">reachable</Badge> <span className="text-muted-foreground">Policy server at</span>{' '}
              <code>{s.url}</code>
            </p>
          ) : (
            <NotConfigured {...CONFIG}>
              The policy server at <code>{s.url}</code> does not answer. Stored evaluations are still listed below.
            </NotConfigured>
          )
        }
      </QueryState>
      <Section title="Component">
        <ComponentPicker
          selected={component}
          onSelect={(id) => void navigate({ search: (s) => ({ ...s, component: id }) })}
        />
      </Section>
      <Section title="Evaluate">
        <Evaluate componentId={component} />
      </Section>
      <Section
        title={component ? `Stored evaluations of ${names.get(component) ?? 'the component'}` : 'Stored evaluations'}
      >
        {!component ? (
          <EmptyState title="Choose a component">
            Evaluations stored for a component are listed here, newest first.
          </EmptyState>
        ) : (
          <ResourceTable
            query={results}
            label="evaluations"
            empty={{
              title: 'No stored evaluations',
              body: 'Evaluate a policy with this component chosen to store the result.',
            }}
            table="Policy evaluations"
            head={['Evaluated', 'Policy', 'Decision', 'Violations']}
          >
            {(list) =>
              list.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.evaluatedAt)}</td>
                  <td className="font-mono">{r.policyPath}</td>
                  <td>
                    <Badge tone={r.allowed ? 'success' : 'danger'}>{r.allowed ? 'allowed' : 'denied'}</Badge>
                  </td>
                  <td>{r.violations.length ? r.violations.join('; ') : '—'}</td>
                </tr>
              ))
            }
          </ResourceTable>
        )}
      </Section>
    </IntegrationShell>
  );
}
