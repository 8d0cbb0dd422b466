import { useCreateToken, useMe, useRevokeToken, useSignInProviders, useTokens, useUnlinkIdentity } from './queries';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { SimpleTable } from '../../components/ui/simple-table';
import { EmptyState } from '../../components/ui/states';
import { NewTokenDialog } from './token-dialog';
import { TokensTable } from './tokens-table';
import { formatDate } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

function Section({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${title}-h`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="grid gap-1">
          <h2 id={`${title}-h`} className="text-base font-semibold">
            {title}
          </h2>
          <p className="max-w-2xl text-[13px] text-muted-foreground">{intro}</p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Identities signed in with (unlink), and personal access tokens (create once, revoke). */
function Identities() {
  const me = useMe();
  const providers = useSignInProviders();
  const unlink = useUnlinkIdentity();
  const nameOf = (id: string) => providers.data?.providers.find((p) => p.id === id)?.name ?? id;
  return (
    <QueryState query={me} label="your identities" rows={2}>
      {(data) => {
        if (data.identities.length === 0) {
          return (
            <EmptyState title="No single sign-on identity linked">
              Signing in with your company’s identity provider links it here.
            </EmptyState>
          );
        }
        return (
          <SimpleTable label="Linked identities" head={['Provider', 'Email', 'Subject', 'Linked', '']}>
            {data.identities.map((i) => (
              <tr key={i.provider}>
                <td className="font-medium">{nameOf(i.provider)}</td>
                <td>{i.email ?? '—'}</td>
                <td className="font-mono text-xs break-all">{i.subject}</td>
                <td>{formatDate(i.linkedAt)}</td>
                <td className="text-right">
                  <ConfirmButton
                    label={`Unlink ${nameOf(i.provider)}`}
                    title={`Unlink ${nameOf(i.provider)}?`}
                    description="You will no longer sign in with it. Hangar refuses this when it is your only way to sign in."
                    confirmLabel="Unlink"
                    onConfirm={() => unlink.mutateAsync(i.provider)}
                  >
                    Unlink
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </SimpleTable>
        );
      }}
    </QueryState>
  );
}

function Tokens() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  return (
    <Section
      title="Personal access tokens"
      intro="For scripts, CI jobs and the hangar command line. A token acts as you, with your roles as they are when it is used; a read token may only read."
      action={<NewTokenDialog create={create} />}
    >
      <QueryState query={tokens} label="your tokens" rows={2}>
        {(data) =>
          data.length === 0 ? (
            <EmptyState title="No tokens yet">Create one for a script or CI job; its secret is shown once.</EmptyState>
          ) : (
            <TokensTable label="Your personal access tokens" tokens={data} revoke={(id) => revoke.mutateAsync(id)} />
          )
        }
      </QueryState>
    </Section>
  );
}

export function AccountPage() {
  const me = useMe();
  return (
    <div className="mx-auto grid max-w-4xl gap-8">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold tracking-tight">Your account</h1>
        <p className="text-[13px] text-muted-foreground">
          {me.data
            ? `${me.data.user.displayName} (${me.data.user.username}, ${me.data.user.email})`
            : 'How you sign in, and the tokens that act as you.'}
        </p>
      </div>
      <Section title="Sign-in identities" intro="The identity provider accounts you sign in with.">
        <Identities />
      </Section>
      <Tokens />
    </div>
  );
}
