import type { ReactNode } from 'react';
import { useCredentialTypes, type CredentialType } from './queries';
import { NotConfigured, type SystemSettings } from '../../components/ui/not-configured';
import { QueryState } from '../../components/ui/query-state';

/**
 * A system read with the organization's stored credential (CI platforms, GitOps): `children` once the
 * credential of `type` is stored, else the notice naming it and `what` it holds (decision 795).
 */
export function CredentialGate({
  type,
  what,
  system,
  label,
  rows,
  children,
}: {
  type: CredentialType;
  what: string;
  system: SystemSettings;
  /** What is loading, in "Loading …". */
  label: string;
  rows: number;
  children: ReactNode;
}) {
  const credentials = useCredentialTypes();
  return (
    <QueryState query={credentials} label={label} rows={rows}>
      {(stored) =>
        stored.has(type) ? (
          children
        ) : (
          <NotConfigured {...system}>
            No <code>{type}</code> credential ({what}) is stored for this organization.
          </NotConfigured>
        )
      }
    </QueryState>
  );
}
