import { Link } from '@tanstack/react-router';
import { fieldError, formError, useDeleteTeam, useSaveTeam, type TeamBody } from '../../api/queries/admin';
import { useAllTeams } from '../../api/queries/teams';
import type { TeamSummary } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { AdminHeader, AdminTable, cell, ConfirmAction, FormDialog, SelectField, str, TextField } from './admin-ui';

const TYPES = ['dev', 'infra', 'security', 'data', 'platform', 'other'] as const;

function TeamForm({ team }: { team?: TeamSummary }) {
  const save = useSaveTeam();
  const e = save.error;
  return (
    <FormDialog
      trigger={team ? 'Edit' : 'New team'}
      triggerLabel={team ? `Edit team ${team.name}` : undefined}
      triggerVariant={team ? 'secondary' : 'primary'}
      title={team ? `Edit ${team.displayName || team.name}` : 'New team'}
      submitLabel={team ? 'Save' : 'Create team'}
      pending={save.isPending}
      error={formError(e)}
      onOpen={() => save.reset()}
      onSubmit={(d) => {
        const body: TeamBody = {
          name: str(d, 'name') ?? '',
          displayName: str(d, 'displayName') ?? null,
          type: (str(d, 'type') ?? 'dev') as TeamBody['type'],
          description: str(d, 'description') ?? null,
          contactEmail: str(d, 'contactEmail') ?? null,
          chatChannel: str(d, 'chatChannel') ?? null,
        };
        return save.mutateAsync({ id: team?.id, body });
      }}
    >
      <TextField
        label="Name"
        name="name"
        required
        defaultValue={team?.name}
        hint="Components whose owner is this name belong to the team"
        error={fieldError(e, 'name')}
      />
      <TextField label="Display name" name="displayName" defaultValue={team?.displayName ?? ''} error={fieldError(e, 'displayName')} />
      <SelectField label="Type" name="type" options={TYPES} defaultValue={team?.type ?? 'dev'} error={fieldError(e, 'type')} />
      <TextField label="Description" name="description" defaultValue={team?.description ?? ''} error={fieldError(e, 'description')} />
      <TextField label="Contact email" name="contactEmail" type="email" defaultValue={team?.contactEmail ?? ''} error={fieldError(e, 'contactEmail')} />
      <TextField label="Chat channel" name="chatChannel" defaultValue={team?.chatChannel ?? ''} error={fieldError(e, 'chatChannel')} />
    </FormDialog>
  );
}

/** GET/POST /api/v1/teams, PATCH/DELETE /api/v1/teams/:id. */
export function AdminTeamsPage() {
  const teams = useAllTeams();
  const remove = useDeleteTeam();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Teams" action={<TeamForm />}>
        Teams own components (by the component’s owner name). Deleting a team keeps its components, with no team.
      </AdminHeader>
      {teams.isPending ? (
        <Loading label="Loading teams" />
      ) : teams.isError ? (
        <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />
      ) : teams.data.teams.length === 0 ? (
        <EmptyState title="No teams yet">Create one with “New team”, or register Backstage groups from a catalog location.</EmptyState>
      ) : (
        <AdminTable label="Teams" head={['Team', 'Type', 'Contact', 'Actions']}>
          {teams.data.teams.map((t) => (
            <tr key={t.id}>
              <td className={cell}>
                <Link to="/teams/$teamId" params={{ teamId: t.id }} className="font-medium text-primary hover:underline">
                  {t.displayName || t.name}
                </Link>
                <div className="font-mono text-xs text-muted-foreground">{t.name}</div>
              </td>
              <td className={cell}>
                <Badge>{t.type}</Badge>
              </td>
              <td className={cell}>{[t.contactEmail, t.chatChannel].filter(Boolean).join(' · ') || '—'}</td>
              <td className={cell}>
                <span className="flex gap-1">
                  <TeamForm team={t} />
                  <ConfirmAction
                    trigger="Delete"
                    triggerLabel={`Delete team ${t.name}`}
                    title={`Delete ${t.displayName || t.name}?`}
                    description="The team is deleted; its components are kept and no longer belong to a team."
                    confirmLabel="Delete team"
                    onConfirm={() => remove.mutateAsync(t.id)}
                  />
                </span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
