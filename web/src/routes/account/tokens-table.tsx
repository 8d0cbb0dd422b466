import type { AccessToken } from '../../api/queries/account';
import { Badge } from '../../components/ui/badge';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { SimpleTable } from '../../components/ui/simple-table';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

/** Tokens without their secrets: name, scope, dates, last use (to the minute) and revocation. */
export function TokensTable({ label, tokens, revoke }: { label: string; tokens: AccessToken[]; revoke: (id: string) => Promise<unknown> }) {
  const now = Date.now();
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
            <td>{t.lastUsedAt ? new Date(t.lastUsedAt).toLocaleString() : 'never'}</td>
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
