import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useCredentials,
  useDeleteCredential,
  useSaveCredential,
  type Credential,
  type CredentialBody,
} from './credentials-queries';
import { sessionOrganizations } from '../../api/session';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/states';
import { useOrganizationId } from '../../lib/use-session';
import { SelectField, TextField } from '../../components/ui/input';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

type CredentialType = CredentialBody['type'];
const TYPES: readonly CredentialType[] = ['gitopscd', 'cloudci', 'serverci', 'hostedci', 'github', 'gitlab'];
const TYPE_LABELS: Record<CredentialType, string> = {
  gitopscd: 'GitOps CD (Argo CD)',
  cloudci: 'Hosted CI platform (CircleCI)',
  serverci: 'Self-run CI server (Jenkins)',
  hostedci: 'Hosted CI service (Travis CI)',
  github: 'GitHub (catalog discovery)',
  gitlab: 'GitLab (catalog discovery)',
};

interface ValueField {
  key: string;
  label: string;
  required: boolean;
  secret: boolean;
}
/** The fields of `value` per type (the server validates the same list and names a missing one). */
const FIELDS: Record<CredentialType, ValueField[]> = {
  gitopscd: [
    { key: 'url', label: 'Instance URL', required: true, secret: false },
    { key: 'token', label: 'API token', required: true, secret: true },
  ],
  cloudci: [{ key: 'token', label: 'Personal API token', required: true, secret: true }],
  serverci: [
    { key: 'url', label: 'Server URL', required: true, secret: false },
    { key: 'username', label: 'Username', required: true, secret: false },
    { key: 'apiToken', label: 'API token', required: true, secret: true },
  ],
  hostedci: [
    { key: 'token', label: 'API token', required: true, secret: true },
    { key: 'url', label: 'API URL (self-hosted only)', required: false, secret: false },
  ],
  // A token, or a GitHub App installation's three fields (decision 1011).
  github: [
    { key: 'token', label: 'Token (or the App fields below)', required: false, secret: true },
    { key: 'appId', label: 'GitHub App id', required: false, secret: false },
    { key: 'installationId', label: 'Installation id', required: false, secret: false },
    { key: 'privateKey', label: 'App private key (PEM)', required: false, secret: true },
  ],
  gitlab: [{ key: 'token', label: 'Access token (read_api)', required: true, secret: true }],
};

/** The typed value fields; undefined when none was typed (the stored value is kept). */
function typedValue(d: FormData, type: CredentialType): Record<string, string> | undefined {
  const value: Record<string, string> = {};
  for (const f of FIELDS[type]) {
    const v = str(d, `value.${f.key}`);
    if (v !== undefined) value[f.key] = v;
  }
  return Object.keys(value).length ? value : undefined;
}

/**
 * The value's inputs. They are always empty: the API never returns a value (decision 780). For a stored
 * credential each says whether it is set, and typing replaces the value.
 */
function ValueFields({ type, stored, error }: { type: CredentialType; stored: boolean; error: unknown }) {
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-[13px] font-medium">Value (write-only)</legend>
      {stored && (
        <p className="text-xs text-muted-foreground">
          Hangar never shows a stored value. Leave these empty to keep it; to replace it, type every required field (the
          value is replaced as a whole).
        </p>
      )}
      {FIELDS[type].map((f) => (
        <TextField
          key={f.key}
          label={`${f.label}${stored ? (f.required ? ' (set)' : ' (optional)') : f.required ? '' : ' (optional)'}`}
          name={`value.${f.key}`}
          type={f.secret ? 'password' : 'text'}
          autoComplete={f.secret ? 'new-password' : 'off'}
          placeholder={stored && f.required ? 'Set: type a new value to replace it' : undefined}
          error={fieldError(error, `value.${f.key}`)}
        />
      ))}
    </fieldset>
  );
}

function NewCredential() {
  const save = useSaveCredential();
  const [type, setType] = useState<CredentialType>('gitopscd');
  const e = save.error;
  return (
    <AdminFormDialog
      trigger="New credential"
      triggerVariant="primary"
      title="New credential"
      description="One credential per platform per organization."
      submitLabel="Store credential"
      pending={save.isPending}
      error={e}
      onOpen={() => save.reset()}
      onSubmit={(d) =>
        save.mutateAsync({ body: { type, name: str(d, 'name') ?? '', value: typedValue(d, type) ?? {} } })
      }
    >
      <SelectField
        label="Platform"
        name="type"
        options={[]}
        value={type}
        onChange={(ev) => setType(ev.target.value as CredentialType)}
        error={fieldError(e, 'type')}
      >
        {TYPES.map((t) => (
          <option key={t} value={t}>
            {TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <TextField label="Name" name="name" required error={fieldError(e, 'name')} />
      <ValueFields type={type} stored={false} error={e} />
    </AdminFormDialog>
  );
}

function EditCredential({ credential }: { credential: Credential }) {
  const save = useSaveCredential();
  const type = credential.type as CredentialType;
  const e = save.error;
  return (
    <AdminFormDialog
      trigger="Edit"
      triggerLabel={`Edit credential ${credential.name}`}
      title={`Edit ${credential.name}`}
      description={TYPE_LABELS[type] ?? credential.type}
      submitLabel="Save"
      pending={save.isPending}
      error={e}
      onOpen={() => save.reset()}
      onSubmit={(d) =>
        save.mutateAsync({ id: credential.id, body: { name: str(d, 'name'), value: typedValue(d, type) } })
      }
    >
      <TextField label="Name" name="name" required defaultValue={credential.name} error={fieldError(e, 'name')} />
      {FIELDS[type] && <ValueFields type={type} stored error={e} />}
    </AdminFormDialog>
  );
}

/** GET/POST /api/v1/integrations/credentials, PATCH/DELETE /api/v1/integrations/credentials/:id (X-Organization-Id). */
export function CredentialsPage() {
  const orgId = useOrganizationId();
  const creds = useCredentials(orgId);
  const remove = useDeleteCredential();
  const orgName = sessionOrganizations().find((o) => o.id === orgId)?.name;
  return (
    <div className="grid gap-4">
      <AdminHeader title="Credentials" action={<NewCredential />}>
        CI/CD platform credentials of{' '}
        {orgName ? <strong>{orgName}</strong> : 'records without an organization (choose one in the header)'}. Values
        are stored encrypted and never shown again.
      </AdminHeader>
      {creds.data && (
        <ul aria-label="Platforms" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {TYPES.map((t) => {
            const stored = creds.data.some((c) => c.type === t);
            return (
              <li
                key={t}
                className="flex items-center justify-between gap-2 rounded-lg border bg-card px-3 py-2 text-[13px]"
              >
                <span>{TYPE_LABELS[t]}</span>
                <Badge tone={stored ? 'success' : 'neutral'}>{stored ? 'set' : 'not set'}</Badge>
              </li>
            );
          })}
        </ul>
      )}
      <QueryState query={creds} label="credentials" rows={5}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No credentials stored">
              A platform’s pages say “not configured” until its credential is stored here.
            </EmptyState>
          ) : (
            <AdminTable label="Credentials" head={['Name', 'Platform', 'Value', 'Updated', 'Actions']}>
              {data.map((c) => (
                <tr key={c.id}>
                  <td className={`${cell} font-medium`}>{c.name}</td>
                  <td className={cell}>{TYPE_LABELS[c.type as CredentialType] ?? c.type}</td>
                  <td className={cell}>
                    <Badge tone="success">set</Badge>
                  </td>
                  <td className={cell}>{formatDateTime(c.updatedAt)}</td>
                  <td className={cell}>
                    <span className="flex gap-1">
                      <EditCredential credential={c} />
                      <ConfirmAction
                        trigger="Delete"
                        triggerLabel={`Delete credential ${c.name}`}
                        title={`Delete ${c.name}?`}
                        description="Hangar stops calling this platform until a new credential is stored."
                        confirmLabel="Delete credential"
                        onConfirm={() => remove.mutateAsync(c.id)}
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
