import { Link } from '@tanstack/react-router';
import { ADMIN_SECTIONS } from './admin-layout';

export function AdminOverviewPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold tracking-tight">Administration</h1>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.to} className="rounded-lg border bg-card p-4">
            <h2 className="text-sm font-semibold">
              <Link to={s.to} className="text-primary hover:underline">
                {s.label}
              </Link>
            </h2>
            <p className="mt-1 text-[13px] text-muted-foreground">{s.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
