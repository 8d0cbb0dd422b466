import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useAllTeams, usePeople, useTeam, useTeamComponents } from './queries';
import { QueryState } from '../../components/ui/query-state';
import { PersonCard } from '../people';
import { TeamScorecards } from '../scorecards';
import { TextLink } from '../../components/ui/text-link';
import { ChildGroups, Members, OwnedComponents, Section, TeamHeading } from './team-sections';

const route = getRouteApi('/app/teams/$teamId');
export function TeamPage() {
  const { teamId } = route.useParams();
  const team = useTeam(teamId);
  const components = useTeamComponents(teamId);
  const allTeams = useAllTeams();
  const people = usePeople({ team: team.data?.name }, 100);
  const teamIds = useMemo(() => new Map(allTeams.data?.teams.map((t) => [t.name, t.id])), [allTeams.data]);
  const children = useMemo(
    () => allTeams.data?.teams.filter((t) => t.parentTeamId === teamId) ?? [],
    [allTeams.data, teamId],
  );
  const parent = team.data?.parentTeamId
    ? allTeams.data?.teams.find((t) => t.id === team.data.parentTeamId)
    : undefined;

  return (
    <QueryState
      query={team}
      label="the team"
      notFound={{
        title: 'No team with this id',
        action: <TextLink to="/teams">Back to teams</TextLink>,
      }}
    >
      {(t) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <TeamHeading team={t} parent={parent} />
          <OwnedComponents team={t} components={components} />
          <Section title="Scorecard levels">
            <TeamScorecards teamId={teamId} teamName={t.displayName || t.name} />
          </Section>

          <ChildGroups teams={children} />
          <Members team={t} />
          {people.data && people.data.data.length > 0 && (
            <Section title={`People in the directory (${people.data.total})`}>
              <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
                {people.data.data.map((p) => (
                  <PersonCard key={p.id} person={p} teamIds={teamIds} />
                ))}
              </ul>
            </Section>
          )}
        </div>
      )}
    </QueryState>
  );
}
