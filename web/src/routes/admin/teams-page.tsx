import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { fieldError } from '../../api/field-errors';
import {
  useAddTeamMember,
  useDeleteTeam,
  useRemoveTeamMember,
  useSaveTeam,
  useTeamMembers,
  type TeamBody,
} from './teams-queries';
import { useAllUsers } from './users-queries';
import { useAllTeams } from '../teams';
import type { TeamSummary } from '../../api/types';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Select, SelectField, TextField } from '../../components/ui/input';
import { describeError, EmptyState } from '../../components/ui/states';
import { FormAlert } from '../../components/ui/form-field';
import { AdminFormDialog, AdminHeader, AdminTable, cell, ConfirmAction, str } from './admin-ui';
import { QueryState } from '../../components/ui/query-state';

const TYPES = ['dev', 'infra', 'security', 'data', 'platform', 'other'] as const;

function TeamForm({ team }: { team?: TeamSummary }) {
  const save = useSaveTeam();
  const e = save.error;
  return (
    <AdminFormDialog
      trigger={team ? 'Edit' : 'New team'}
      triggerLabel={team ? `Edit team ${team.name}` : undefined}
      triggerVariant={team ? 'secondary' : 'primary'}
      title={team ? `Edit ${team.displayName || team.name}` : 'New team'}
      submitLabel={team ? 'Save' : 'Create team'}
      pending={save.isPending}
      error={e}
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
        description="Components whose owner is this name belong to the team"
        error={fieldError(e, 'name')}
      />
      <TextField
        label="Display name"
        name="displayName"
        defaultValue={team?.displayName ?? ''}
        error={fieldError(e, 'displayName')}
      />
      <SelectField
        label="Type"
        name="type"
        options={TYPES}
        defaultValue={team?.type ?? 'dev'}
        error={fieldError(e, 'type')}
      />
      <TextField
        label="Description"
        name="description"
        defaultValue={team?.description ?? ''}
        error={fieldError(e, 'description')}
      />
      <TextField
        label="Contact email"
        name="contactEmail"
        type="email"
        defaultValue={team?.contactEmail ?? ''}
        error={fieldError(e, 'contactEmail')}
      />
      <TextField
        label="Chat channel"
        name="chatChannel"
        defaultValue={team?.chatChannel ?? ''}
        error={fieldError(e, 'chatChannel')}
      />
    </AdminFormDialog>
  );
}

/** The team's member accounts: POST/DELETE /api/v1/teams/:id/members/:userId, listed by GET /api/v1/teams/:id/members. */
function TeamMembers({ team }: { team: TeamSummary }) {
  const [open, setOpen] = useState(false);
  const [userId, setUserId] = useState('');
  const members = useTeamMembers(team.id, open);
  const users = useAllUsers(open);
  const add = useAddTeamMember(team.id);
  const remove = useRemoveTeamMember(team.id);
  const memberIds = useMemo(() => new Set(members.data?.map((m) => m.id)), [members.data]);
  const candidates = (users.data ?? []).filter((u) => !memberIds.has(u.id));
  const name = team.displayName || team.name;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" aria-label={`Members of team ${team.name}`} onClick={() => setOpen(true)}>
        Members
      </Button>
      <DialogContent
        title={`Members of ${name}`}
        description="Hangar accounts in this team."
        className="max-h-[80vh] overflow-y-auto"
      >
        {add.isError && <FormAlert message={describeError(add.error).message} />}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (userId) add.mutate(userId, { onSuccess: () => setUserId('') });
          }}
        >
          <label className="grid min-w-48 flex-1 gap-1.5 text-[13px] font-medium">
            Account to add
            <Select value={userId} onChange={(e) => setUserId(e.target.value)}>
              <option value="">Choose an account…</option>
              {candidates.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.username} ({u.email})
                </option>
              ))}
            </Select>
          </label>
          <Button type="submit" size="sm" disabled={!userId || add.isPending}>
            Add to team
          </Button>
        </form>
        <QueryState query={members} label="members" rows={2}>
          {(data) =>
            data.length === 0 ? (
              <p className="text-[13px] text-muted-foreground">No accounts in this team yet.</p>
            ) : (
              <ul className="divide-y rounded-md border text-[13px]">
                {data.map((m) => (
                  <li key={m.id} className="flex items-center justify-between gap-2 px-3 py-2">
                    <span>
                      <span className="font-medium">{m.username}</span>{' '}
                      <span className="text-muted-foreground">{m.email}</span>
                    </span>
                    <ConfirmAction
                      trigger="Remove"
                      triggerLabel={`Remove ${m.username} from ${name}`}
                      title={`Remove ${m.username} from ${name}?`}
                      description="The account stays; it is no longer a member of this team."
                      confirmLabel="Remove from team"
                      onConfirm={() => remove.mutateAsync(m.id)}
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}

/** GET/POST /api/v1/teams, PATCH/DELETE /api/v1/teams/:id, and each team's members. */
export function AdminTeamsPage() {
  const teams = useAllTeams();
  const remove = useDeleteTeam();
  return (
    <div className="grid gap-4">
      <AdminHeader title="Teams" action={<TeamForm />}>
        Teams own components (by the component’s owner name). Deleting a team keeps its components, with no team.
      </AdminHeader>
      <QueryState query={teams} label="teams" rows={5}>
        {(data) =>
          data.teams.length === 0 ? (
            <EmptyState title="No teams yet">
              Create one with “New team”, or register Backstage groups from a catalog location.
            </EmptyState>
          ) : (
            <AdminTable label="Teams" head={['Team', 'Type', 'Contact', 'Actions']}>
              {data.teams.map((t) => (
                <tr key={t.id}>
                  <td className={cell}>
                    <Link
                      to="/teams/$teamId"
                      params={{ teamId: t.id }}
                      className="font-medium text-primary hover:underline"
                    >
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
                      <TeamMembers team={t} />
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
          )
        }
      </QueryState>
    </div>
  );
}
