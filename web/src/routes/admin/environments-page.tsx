import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useDeleteEnvironment,
  useEnvironments,
  useSaveEnvironment,
  type Environment,
  type EnvironmentBody,
} from './environments-queries';
import { Badge } from '../../components/ui/badge';
import { SelectField, TextareaField, TextField } from '../../components/ui/input';
import { EmptyState } from '../../components/ui/states';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { QueryState } from '../../components/ui/query-state';

const TYPES = ['development', 'staging', 'production', 'sandbox'] as const;

function EnvironmentForm({ env, nextOrder }: { env?: Environment; nextOrder: number }) {
  const save = useSaveEnvironment();
  const [metadataError, setMetadataError] = useState<string>();
  const e = save.error;
  return (
    <AdminFormDialog
      trigger={env ? 'Edit' : 'New environment'}
      triggerLabel={env ? `Edit environment ${env.name}` : undefined}
      triggerVariant={env ? 'secondary' : 'primary'}
      title={env ? `Edit ${env.name}` : 'New environment'}
      submitLabel={env ? 'Save' : 'Create environment'}
      pending={save.isPending}
      error={e}
      onOpen={() => {
        save.reset();
        setMetadataError(undefined);
      }}
      onSubmit={(d) => {
        const order = str(d, 'order');
        const raw = str(d, 'metadata');
        let metadata: Record<string, unknown> | undefined;
        try {
          metadata = raw === undefined ? {} : (JSON.parse(raw) as Record<string, unknown>);
          if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
            throw new Error('not an object');
          setMetadataError(undefined);
        } catch {
          setMetadataError('must be a JSON object, e.g. {"region": "eu-west-1"}');
          return Promise.reject(new Error('metadata'));
        }
        const body: EnvironmentBody = {
          name: str(d, 'name') ?? '',
          description: str(d, 'description') ?? null,
          type: (str(d, 'type') ?? 'development') as EnvironmentBody['type'],
          // A value that is not a number goes to the server as is, so its 400 names the field.
          order:
            order === undefined
              ? undefined
              : Number.isFinite(Number(order))
                ? Number(order)
                : (order as unknown as number),
          metadata,
        };
        return save.mutateAsync({ id: env?.id, body });
      }}
    >
      <TextField label="Name" name="name" required defaultValue={env?.name} error={fieldError(e, 'name')} />
      <SelectField
        label="Type"
        name="type"
        options={TYPES}
        defaultValue={env?.type ?? 'development'}
        error={fieldError(e, 'type')}
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={env?.description ?? ''}
        error={fieldError(e, 'description')}
      />
      <TextField
        label="Order"
        name="order"
        inputMode="numeric"
        defaultValue={String(env?.order ?? nextOrder)}
        description="Lists are sorted by it, lowest first"
        error={fieldError(e, 'order')}
      />
      <TextareaField
        label="Metadata"
        description="Free-form key/value pairs as a JSON object"
        error={metadataError ?? fieldError(e, 'metadata')}
        name="metadata"
        rows={3}
        defaultValue={env && Object.keys(env.metadata).length ? JSON.stringify(env.metadata, null, 2) : ''}
        className="font-mono text-xs"
      />
    </AdminFormDialog>
  );
}

/** GET/POST /api/v1/environments, PATCH/DELETE /api/v1/environments/:id. */
export function EnvironmentsPage() {
  const envs = useEnvironments();
  const remove = useDeleteEnvironment();
  const nextOrder = (envs.data ?? []).reduce((max, e) => Math.max(max, e.order + 1), 0);
  return (
    <div className="grid gap-4">
      <AdminHeader title="Environments" action={<EnvironmentForm nextOrder={nextOrder} />}>
        Deployment targets, shown in this order everywhere.
      </AdminHeader>
      <QueryState query={envs} label="environments" rows={5}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No environments yet">
              Create one with “New environment”; deploy stages of pipelines target them.
            </EmptyState>
          ) : (
            <AdminTable label="Environments" head={['Order', 'Name', 'Type', 'Description', 'Actions']}>
              {data.map((env) => (
                <tr key={env.id}>
                  <td className={cell}>{env.order}</td>
                  <td className={`${cell} font-medium`}>{env.name}</td>
                  <td className={cell}>
                    <Badge tone={env.type === 'production' ? 'success' : 'neutral'}>{env.type}</Badge>
                  </td>
                  <td className={cell}>{env.description || '—'}</td>
                  <td className={cell}>
                    <span className="flex gap-1">
                      <EnvironmentForm env={env} nextOrder={nextOrder} />
                      <ConfirmAction
                        trigger="Delete"
                        triggerLabel={`Delete environment ${env.name}`}
                        title={`Delete ${env.name}?`}
                        description="The environment and every deployment recorded to it are deleted. This cannot be undone."
                        confirmLabel="Delete environment"
                        onConfirm={() => remove.mutateAsync(env.id)}
                      />
                    </span>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )
        }
      </QueryState>
    </div>
  );
}
