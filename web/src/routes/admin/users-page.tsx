import { getRouteApi } from '@tanstack/react-router';
import { useSetUserActive, useSetUserRoles, useUsers } from './users-queries';
import { Badge } from '../../components/ui/badge';
import { EmptyState } from '../../components/ui/states';
import { useSession } from '../../lib/use-session';
import { AdminHeader, AdminTable, cell, ConfirmAction, Pager } from './admin-ui';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/admin/users');
const SIZE = 50;

type User = NonNullable<ReturnType<typeof useUsers>['data']>['data'][number];
type Writes = { setRoles: ReturnType<typeof useSetUserRoles>; setActive: ReturnType<typeof useSetUserActive> };

/** An account: who it is, its roles, and the admin role and activation actions (not deactivating oneself). */
function UserRow({ user: u, self, setRoles, setActive }: { user: User; self: boolean } & Writes) {
  return (
    <tr>
      <td className={`${cell} font-medium`}>
        {u.username} {u.type === 'service' && <Badge>service</Badge>}{' '}
        {u.deactivatedAt && <Badge tone="danger">deactivated</Badge>}
      </td>
      <td className={cell}>{u.displayName || '—'}</td>
      <td className={cell}>{u.email}</td>
      <td className={cell}>
        <span className="flex flex-wrap gap-1">
          {u.roles.map((r) => (
            <Badge key={r} tone={r === 'admin' ? 'primary' : 'neutral'}>
              {r}
            </Badge>
          ))}
        </span>
      </td>
      <td className={cell}>{formatDateTime(u.createdAt)}</td>
      <td className={cell}>
        <span className="flex flex-wrap gap-2">
          <AdminRoleAction user={u} self={self} setRoles={setRoles} />
          {!self && <ActivationAction user={u} setActive={setActive} />}
        </span>
      </td>
    </tr>
  );
}

function AdminRoleAction({ user: u, self, setRoles }: { user: User; self: boolean } & Pick<Writes, 'setRoles'>) {
  return u.roles.includes('admin') ? (
    <ConfirmAction
      trigger="Remove admin"
      triggerLabel={`Remove the admin role from ${u.username}`}
      title={`Remove the admin role from ${u.username}?`}
      description={
        self
          ? 'This is your own account: you lose access to these pages as soon as it is saved.'
          : `${u.username} keeps the account but loses every admin-only action.`
      }
      confirmLabel="Remove admin role"
      onConfirm={() => setRoles.mutateAsync({ id: u.id, roles: ['user'] })}
    />
  ) : (
    <ConfirmAction
      trigger="Make admin"
      triggerLabel={`Make ${u.username} an admin`}
      title={`Make ${u.username} an admin?`}
      description={`${u.username} will be able to change users, organizations, credentials and everything else admins can.`}
      confirmLabel="Make admin"
      destructive={false}
      onConfirm={() => setRoles.mutateAsync({ id: u.id, roles: ['user', 'admin'] })}
    />
  );
}

function ActivationAction({ user: u, setActive }: { user: User } & Pick<Writes, 'setActive'>) {
  return u.deactivatedAt ? (
    <ConfirmAction
      trigger="Reactivate"
      triggerLabel={`Reactivate ${u.username}`}
      title={`Reactivate ${u.username}?`}
      description={`${u.username} can sign in again, and the account's tokens work again.`}
      confirmLabel="Reactivate"
      destructive={false}
      onConfirm={() => setActive.mutateAsync({ id: u.id, active: true })}
    />
  ) : (
    <ConfirmAction
      trigger="Deactivate"
      triggerLabel={`Deactivate ${u.username}`}
      title={`Deactivate ${u.username}?`}
      description="The account can no longer sign in, and its sessions and tokens are refused at once."
      confirmLabel="Deactivate"
      onConfirm={() => setActive.mutateAsync({ id: u.id, active: false })}
    />
  );
}

/** GET /api/v1/auth/users, PATCH /api/v1/auth/users/:id/roles. */
export function UsersPage() {
  const { page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const users = useUsers(page, SIZE);
  const setRoles = useSetUserRoles();
  const setActive = useSetUserActive();
  const { user: me } = useSession();

  return (
    <div className="grid gap-4">
      <AdminHeader title="Users and roles">
        Every account. The <strong>admin</strong> role opens the administration pages and every admin-only action;{' '}
        <strong>user</strong> is always kept.
      </AdminHeader>
      <QueryState query={users} label="users" rows={5}>
        {(loaded) =>
          loaded.total === 0 ? (
            <EmptyState title="No users yet">People appear here when they create an account.</EmptyState>
          ) : (
            <>
              <AdminTable label="Users" head={['Username', 'Name', 'Email', 'Roles', 'Created', 'Actions']}>
                {loaded.data.map((u) => (
                  <UserRow key={u.id} user={u} self={u.id === me?.id} setRoles={setRoles} setActive={setActive} />
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
