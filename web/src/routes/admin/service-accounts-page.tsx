import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useCreateServiceAccount,
  useCreateServiceAccountToken,
  useDeleteServiceAccount,
  useRevokeToken,
  useServiceAccounts,
  useTokens,
  type ServiceAccount,
} from '../account';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { SelectField, TextField } from '../../components/ui/input';
import { EmptyState } from '../../components/ui/states';
import { NewTokenDialog } from '../account';
import { TokensTable } from '../account';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, Pager, str } from './admin-ui';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/admin/service-accounts');
const SIZE = 50;

function NewServiceAccount() {
  const create = useCreateServiceAccount();
  const e = create.error;
  return (
    <AdminFormDialog
      trigger="New service account"
      triggerVariant="primary"
      title="New service account"
      description="An account for automation: it never signs in interactively; its tokens act with its roles."
      submitLabel="Create service account"
      pending={create.isPending}
      error={e}
      onOpen={() => create.reset()}
      onSubmit={(d) =>
        create.mutateAsync({
          name: str(d, 'name') ?? '',
          description: str(d, 'description'),
          roles: str(d, 'role') === 'admin' ? ['user', 'admin'] : ['user'],
        })
      }
    >
      <TextField
        label="Name"
        name="name"
        required
        description="Lower-case letters, digits, “.”, “_” and “-”, such as ci-deployer"
        error={fieldError(e, 'name')}
      />
      <TextField
        label="Description"
        name="description"
        description="What it does and who looks after it"
        error={fieldError(e, 'description')}
      />
      <SelectField
        label="Role"
        name="role"
        options={['user', 'admin']}
        defaultValue="user"
        error={fieldError(e, 'roles')}
      />
    </AdminFormDialog>
  );
}

/** A service account's tokens: listed (no secrets), created (the secret once) and revoked. */
function AccountTokens({ account }: { account: ServiceAccount }) {
  const [open, setOpen] = useState(false);
  const tokens = useTokens(account.id, open);
  const create = useCreateServiceAccountToken(account.id);
  const revoke = useRevokeToken();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" aria-label={`Tokens of ${account.name}`} onClick={() => setOpen(true)}>
        Tokens ({account.tokenCount})
      </Button>
      <DialogContent
        title={`Tokens of ${account.name}`}
        description="Each token’s secret was shown once, when it was made."
        className="max-h-[85vh] w-[min(92vw,760px)] overflow-y-auto"
      >
        <div className="flex justify-end">
          <NewTokenDialog owner={account.name} create={create} />
        </div>
        <QueryState query={tokens} label="tokens" rows={2}>
          {(data) =>
            data.length === 0 ? (
              <p className="text-[13px] text-muted-foreground">No tokens yet.</p>
            ) : (
              <TokensTable label={`Tokens of ${account.name}`} tokens={data} revoke={(id) => revoke.mutateAsync(id)} />
            )
          }
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

/** GET/POST /api/v1/auth/service-accounts, DELETE …/:id, their tokens (decision 840). */
export function ServiceAccountsPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const accounts = useServiceAccounts(page, SIZE);
  const remove = useDeleteServiceAccount();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Service accounts" action={<NewServiceAccount />}>
        Accounts for CI jobs and other automation. They cannot sign in with a password or single sign-on; their personal
        access tokens act with their roles.
      </AdminHeader>
      <QueryState query={accounts} label="service accounts" rows={5}>
        {(loaded) =>
          loaded.total === 0 ? (
            <EmptyState title="No service accounts yet">
              Create one for a CI job that records deployments or reads the catalog.
            </EmptyState>
          ) : (
            <>
              <AdminTable label="Service accounts" head={['Name', 'Description', 'Roles', 'Created', 'Actions']}>
                {loaded.data.map((a) => (
                  <tr key={a.id}>
                    <td className={`${cell} font-medium`}>
                      {a.name} {a.deactivatedAt && <Badge tone="danger">deactivated</Badge>}
                    </td>
                    <td className={cell}>{a.description || '—'}</td>
                    <td className={cell}>
                      <span className="flex flex-wrap gap-1">
                        {a.roles.map((r) => (
                          <Badge key={r} tone={r === 'admin' ? 'primary' : 'neutral'}>
                            {r}
                          </Badge>
                        ))}
                      </span>
                    </td>
                    <td className={cell}>{formatDateTime(a.createdAt)}</td>
                    <td className={cell}>
                      <span className="flex flex-wrap gap-2">
                        <AccountTokens account={a} />
                        <ConfirmAction
                          trigger="Delete"
                          triggerLabel={`Delete service account ${a.name}`}
                          title={`Delete ${a.name}?`}
                          description="The account and every token of it are removed; whatever uses them is refused from the next request on."
                          confirmLabel="Delete service account"
                          onConfirm={() => remove.mutateAsync(a.id)}
                        />
                      </span>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              <Pager
                page={page}
                size={SIZE}
                total={loaded.total}
                onPage={(p) => void navigate({ search: { page: p > 1 ? p : undefined } })}
              />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
