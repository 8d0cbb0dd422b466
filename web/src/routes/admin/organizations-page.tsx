import { Link } from '@tanstack/react-router';
import { fieldError } from '../../api/field-errors';
import {
  useDeleteOrganization,
  useOrganizations,
  useSaveOrganization,
  type Organization,
} from './organizations-queries';
import { EmptyState } from '../../components/ui/states';
import { TextField } from '../../components/ui/input';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { QueryState } from '../../components/ui/query-state';

/** Create (name, slug, description) or edit an organization; problems shown on their fields. */
export function OrganizationForm({ org }: { org?: Organization }) {
  const save = useSaveOrganization();
  const e = save.error;
  return (
    <AdminFormDialog
      trigger={org ? 'Edit' : 'New organization'}
      triggerLabel={org ? `Edit organization ${org.name}` : undefined}
      triggerVariant={org ? 'secondary' : 'primary'}
      title={org ? `Edit ${org.name}` : 'New organization'}
      description={org ? undefined : 'You become its owner.'}
      submitLabel={org ? 'Save' : 'Create organization'}
      pending={save.isPending}
      error={e}
      onOpen={() => save.reset()}
      onSubmit={(d) =>
        save.mutateAsync({
          id: org?.id,
          body: { name: str(d, 'name') ?? '', slug: str(d, 'slug') ?? '', description: str(d, 'description') ?? '' },
        })
      }
    >
      <TextField label="Name" name="name" required defaultValue={org?.name} error={fieldError(e, 'name')} />
      <TextField
        label="Slug"
        name="slug"
        required
        defaultValue={org?.slug}
        description="Lowercase letters, digits and hyphens"
        error={fieldError(e, 'slug')}
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={org?.description ?? ''}
        error={fieldError(e, 'description')}
      />
    </AdminFormDialog>
  );
}

/** GET/POST /api/v1/organizations, PATCH/DELETE /api/v1/organizations/:id. */
export function OrganizationsPage() {
  const orgs = useOrganizations();
  const remove = useDeleteOrganization();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Organizations" action={<OrganizationForm />}>
        Organizations wall off credentials, pipelines and templates. Members are managed per organization by its owners
        and admins.
      </AdminHeader>
      <QueryState query={orgs} label="organizations" rows={5}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No organizations yet">Create one with “New organization”.</EmptyState>
          ) : (
            <AdminTable label="Organizations" head={['Name', 'Slug', 'Description', 'Actions']}>
              {data.map((o) => (
                <tr key={o.id}>
                  <td className={cell}>
                    <Link
                      to="/admin/organizations/$orgId"
                      params={{ orgId: o.id }}
                      className="font-medium text-primary hover:underline"
                    >
                      {o.name}
                    </Link>
                  </td>
                  <td className={`${cell} font-mono text-xs`}>{o.slug}</td>
                  <td className={cell}>{o.description || '—'}</td>
                  <td className={cell}>
                    <span className="flex gap-1">
                      <OrganizationForm org={o} />
                      <ConfirmAction
                        trigger="Delete"
                        triggerLabel={`Delete organization ${o.name}`}
                        title={`Delete ${o.name}?`}
                        description="The organization, its memberships and everything walled in it are deleted. Only its owner can do this."
                        confirmLabel="Delete organization"
                        onConfirm={() => remove.mutateAsync(o.id)}
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
