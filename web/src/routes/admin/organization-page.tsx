import { getRouteApi, Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useAddMember,
  useMembers,
  useOrganization,
  useRemoveMember,
  useSetMemberRole,
  type OrgRole,
} from './organizations-queries';
import { useAllUsers } from './users-queries';
import { Select, SelectField } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/states';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { TextLink } from '../../components/ui/text-link';
import { formatDateTime } from '../../lib/format';

const route = getRouteApi('/app/admin/organizations/$orgId');
const ROLES = ['member', 'admin', 'owner'] as const satisfies readonly OrgRole[];

function AddMember({ orgId, memberIds }: { orgId: string; memberIds: Set<string> }) {
  const add = useAddMember(orgId);
  const users = useAllUsers();
  const candidates = useMemo(() => (users.data ?? []).filter((u) => !memberIds.has(u.id)), [users.data, memberIds]);
  const e = add.error;
  return (
    <AdminFormDialog
      trigger="Add member"
      triggerVariant="primary"
      title="Add a member"
      submitLabel="Add member"
      pending={add.isPending}
      error={e ?? (users.isError ? new Error('The user list could not be loaded.') : null)}
      onOpen={() => add.reset()}
      onSubmit={(d) =>
        add.mutateAsync({ userId: str(d, 'userId') ?? '', role: (str(d, 'role') ?? 'member') as OrgRole })
      }
    >
      <SelectField label="User" name="userId" error={fieldError(e, 'userId')} options={[]} required>
        {candidates.map((u) => (
          <option key={u.id} value={u.id}>
            {u.username} ({u.email})
          </option>
        ))}
      </SelectField>
      <SelectField label="Role" name="role" options={ROLES} error={fieldError(e, 'role')} defaultValue="member" />
    </AdminFormDialog>
  );
}

type Member = NonNullable<ReturnType<typeof useMembers>['data']>[number];

/** A member: the role is changed in place, removal is confirmed first. */
function MemberRow({
  member: m,
  orgName,
  setRole,
  onRemove,
}: {
  member: Member;
  orgName: string;
  setRole: ReturnType<typeof useSetMemberRole>;
  onRemove: () => Promise<unknown>;
}) {
  return (
    <tr>
      <td className={`${cell} font-medium`}>{m.username}</td>
      <td className={cell}>
        <Select
          aria-label={`Role of ${m.username}`}
          value={m.role}
          disabled={setRole.isPending}
          className="h-8 w-32"
          onChange={(e) => {
            setRole.reset();
            setRole.mutate({ userId: m.userId, role: e.target.value as OrgRole });
          }}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </Select>
      </td>
      <td className={cell}>{formatDateTime(m.joinedAt)}</td>
      <td className={cell}>
        <ConfirmAction
          trigger="Remove"
          triggerLabel={`Remove ${m.username} from ${orgName}`}
          title={`Remove ${m.username}?`}
          description={`${m.username} loses access to everything walled in ${orgName}.`}
          confirmLabel="Remove member"
          onConfirm={onRemove}
        />
      </td>
    </tr>
  );
}

/** GET /api/v1/organizations/:id and its members: add, change role, remove. */
export function OrganizationPage() {
  const { orgId } = route.useParams();
  const org = useOrganization(orgId);
  const members = useMembers(orgId);
  const setRole = useSetMemberRole(orgId);
  const remove = useRemoveMember(orgId);
  const memberIds = useMemo(() => new Set(members.data?.map((m) => m.userId)), [members.data]);

  return (
    <QueryState
      query={org}
      label="the organization"
      notFound={{
        title: 'No organization with this id',
        action: <TextLink to="/admin/organizations">Back to organizations</TextLink>,
      }}
    >
      {(o) => (
        <div className="grid gap-4">
          <p className="text-[13px]">
            <Link to="/admin/organizations" className="text-primary hover:underline">
              Organizations
            </Link>
          </p>
          <AdminHeader title={o.name} action={<AddMember orgId={orgId} memberIds={memberIds} />}>
            {o.description || `Slug ${o.slug}.`} Owners and admins of the organization manage its members; only an owner
            can make another owner, and the owner cannot be removed.
          </AdminHeader>
          {setRole.isError && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-[13px]">
              {setRole.error.message}
            </p>
          )}
          <h2 className="text-base font-semibold">Members</h2>
          <QueryState query={members} label="members" rows={5}>
            {(data) =>
              data.length === 0 ? (
                <EmptyState title="No members">Add one with “Add member”.</EmptyState>
              ) : (
                <AdminTable label="Members" head={['User', 'Role', 'Joined', 'Actions']}>
                  {data.map((m) => (
                    <MemberRow
                      key={m.userId}
                      member={m}
                      orgName={o.name}
                      setRole={setRole}
                      onRemove={() => remove.mutateAsync(m.userId)}
                    />
                  ))}
                </AdminTable>
              )
            }
          </QueryState>
        </div>
      )}
    </QueryState>
  );
}
