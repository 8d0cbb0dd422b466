import { Link } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import type { Person } from '../../api/types';

/** A person from the directory, with links to their teams (by name; `teamIds` resolves names to team pages). */
export function PersonCard({ person, teamIds }: { person: Person; teamIds: Map<string, string> }) {
  const name = person.displayName || person.name;
  return (
    <li className="flex gap-3 rounded-lg border bg-card p-3">
      <span
        aria-hidden
        className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
      >
        {name.slice(0, 1)}
      </span>
      <div className="min-w-0 grid gap-1">
        <h2 className="truncate text-sm font-semibold">{name}</h2>
        {person.displayName && <p className="truncate text-xs text-muted-foreground">{person.name}</p>}
        {person.email && (
          <a
            href={`mailto:${person.email}`}
            className="flex items-center gap-1 truncate text-[13px] text-primary hover:underline"
          >
            <Mail aria-hidden className="size-3.5 shrink-0" /> {person.email}
          </a>
        )}
        {person.teams.length > 0 && (
          <ul aria-label={`Teams of ${name}`} className="flex flex-wrap gap-1">
            {person.teams.map((team) => {
              const id = teamIds.get(team);
              return (
                <li key={team}>
                  {id ? (
                    <Link
                      to="/teams/$teamId"
                      params={{ teamId: id }}
                      className="rounded bg-muted px-1.5 py-0.5 text-xs hover:underline"
                    >
                      {team}
                    </Link>
                  ) : (
                    <span className="rounded bg-muted px-1.5 py-0.5 text-xs">{team}</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </li>
  );
}
