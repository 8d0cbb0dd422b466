import { RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useConstraintTemplates, useCrds, useOrchestratorSync } from './queries';
import { ActionOutcome } from '../../components/ui/action-outcome';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { Section } from './integration-shell';
import { ResourceTable } from './resource-table';
import { formatDateTime } from '../../lib/format';

/** Admins: refresh the catalog components' linked workload status now instead of at the next minute. */
export function ClusterSyncButton() {
  const sync = useOrchestratorSync();
  return (
    <div className="grid justify-items-end gap-1">
      <Button variant="secondary" size="sm" disabled={sync.isPending} onClick={() => sync.mutate()}>
        <RefreshCw aria-hidden className="size-3.5" /> Sync workload status
      </Button>
      <ActionOutcome action={sync} done={(d) => `${d.synced} linked component${d.synced === 1 ? '' : 's'} synced.`} />
    </div>
  );
}

/** The cluster's extension resource definitions, all or one API group's. */
export function CrdsSection() {
  const [group, setGroup] = useState('');
  const [draft, setDraft] = useState('');
  const crds = useCrds(group);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setGroup(draft.trim());
  };
  return (
    <Section title="Custom resource definitions">
      <form onSubmit={submit} className="grid items-end gap-3 sm:grid-cols-[1fr_auto]" aria-label="API group">
        <Field label="API group (empty for all)">
          {(id) => (
            <Input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="networking.istio.io" />
          )}
        </Field>
        <Button type="submit">Filter</Button>
      </form>
      <ResourceTable
        query={crds}
        label="custom resource definitions"
        empty={{
          title: 'No definitions',
          body: group
            ? `No definition in the API group ${group}.`
            : 'The cluster has no custom resource definition, or no cluster is configured.',
        }}
        table="Custom resource definitions"
        head={['Kind', 'Group', 'Versions', 'Scope', 'Operator']}
      >
        {(list) =>
          list.map((c) => (
            <tr key={c.name}>
              <td className="font-medium">{c.kind}</td>
              <td>{c.group}</td>
              <td>{c.versions.join(', ')}</td>
              <td>{c.scope}</td>
              <td>{c.operatorName || '—'}</td>
            </tr>
          ))
        }
      </ResourceTable>
    </Section>
  );
}

/** Gatekeeper's constraint templates (only asked when the controller is installed). */
export function ConstraintTemplates() {
  const templates = useConstraintTemplates(true);
  return (
    <ResourceTable
      query={templates}
      label="constraint templates"
      empty={{ title: 'No constraint templates', body: 'The admission controller has no constraint template.' }}
      table="Constraint templates"
      head={['Template', 'Kind', 'Targets', 'Created', 'Description']}
    >
      {(list) =>
        list.map((t) => (
          <tr key={t.name}>
            <td className="font-medium">{t.name}</td>
            <td>
              {t.kind} {!t.created && <Badge tone="warning">not created</Badge>}
            </td>
            <td>{t.targets.join(', ') || '—'}</td>
            <td>{formatDateTime(t.createdAt)}</td>
            <td className="max-w-96">{t.description ?? '—'}</td>
          </tr>
        ))
      }
    </ResourceTable>
  );
}
