import { Link } from '@tanstack/react-router';
import { IntegrationShell } from './integration-shell';
import { SYSTEMS } from './systems';

export function IntegrationsOverviewPage() {
  return (
    <IntegrationShell
      title="Integrations"
      intro="Live data from the systems Hangar is connected to. Each page says when its system is not configured."
    >
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {SYSTEMS.map((s) => (
          <li key={s.to} className="rounded-lg border p-4">
            <h2 className="text-sm font-semibold">
              <Link to={s.to} className="text-primary hover:underline">
                {s.label}
              </Link>
            </h2>
            <p className="mt-1 text-[13px] text-muted-foreground">{s.description}</p>
          </li>
        ))}
      </ul>
    </IntegrationShell>
  );
}
