import { useState } from 'react';
import type { AccessToken } from './queries';
import { Badge } from '../../components/ui/badge';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { SimpleTable } from '../../components/ui/simple-table';
import { formatDate, formatDateTime } from '../../lib/format';

// A token without an expiry or a use says so in words: `never` is its value, not a missing one.
const day = (iso: string | null) => (iso ? formatDate(iso) : 'never');

/** Tokens without their secrets: name, scope, dates, last use (to the minute) and revocation. */
export function TokensTable({
  label,
  tokens,
  revoke,
}: {
  label: string;
  tokens: AccessToken[];
  revoke: (id: string) => Promise<unknown>;
}) {
  // "Expired" as of when the table was shown: the render itself stays pure.
  const [now] = useState(Date.now);
  return (
    <SimpleTable label={label} head={['Name', 'Scope', 'Created', 'Expires', 'Last used', '']}>
      {tokens.map((t) => {
        const expired = Date.parse(t.expiresAt) <= now;
        return (
          <tr key={t.id}>
            <td className="font-medium">{t.name}</td>
            <td>
              <Badge tone={t.scope === 'write' ? 'primary' : 'neutral'}>{t.scope}</Badge>
            </td>
            <td>{day(t.createdAt)}</td>
            <td>{expired ? <Badge tone="danger">expired {day(t.expiresAt)}</Badge> : day(t.expiresAt)}</td>
            <td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'never'}</td>
            <td className="text-right">
              <ConfirmButton
                label={`Revoke token ${t.name}`}
                title={`Revoke “${t.name}”?`}
                description="Whatever uses it is refused from the next request on, in every Hangar process. This cannot be undone."
                confirmLabel="Revoke token"
                onConfirm={() => revoke(t.id)}
              >
                Revoke
              </ConfirmButton>
            </td>
          </tr>
        );
      })}
    </SimpleTable>
  );
}
