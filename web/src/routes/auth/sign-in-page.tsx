import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useSignInProviders } from '../account';
import { signIn } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { Loading } from '../../components/ui/states';
import { AuthCard } from './auth-card';
import { signInErrorMessage } from './sign-in-errors';

const alert = 'rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-[13px] text-destructive';

function PasswordForm({ returnTo, focusFirst }: { returnTo: string; focusFirst: boolean }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    const failure = await signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    setPending(false);
    if (failure) return setError(failure);
    await navigate({ href: returnTo, replace: true });
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <Field label="Username">
        {(id) => (
          // The page's one task is this form: its first field takes the focus (decision 945).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          <Input id={id} name="username" autoComplete="username" required autoFocus={focusFirst} />
        )}
      </Field>
      <Field label="Password">
        {(id) => <Input id={id} name="password" type="password" autoComplete="current-password" required />}
      </Field>
      {error && (
        <p role="alert" className={alert}>
          {error}
        </p>
      )}
      <Button type="submit" disabled={pending} className="w-full justify-center">
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

function SsoButtons({ providers: sso, returnTo }: { providers: { id: string; name: string }[]; returnTo: string }) {
  if (sso.length === 0) return null;
  return (
    <div className="grid gap-2">
      {sso.map((p) => (
        <Button key={p.id} asChild variant="secondary" className="w-full justify-center">
          <a href={`/api/v1/auth/oidc/${encodeURIComponent(p.id)}/start?returnTo=${encodeURIComponent(returnTo)}`}>
            Sign in with {p.name}
          </a>
        </Button>
      ))}
    </div>
  );
}

/** The password form, and a "Sign in with <name>" button per single sign-on provider (decision 838). */
export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
  const providers = useSignInProviders();
  const returnTo = search.redirect ?? '/catalog';
  // Until the server says otherwise (or when it cannot say), the password form is offered.
  const passwordLogin = providers.data?.passwordLogin ?? true;
  const sso = providers.data?.providers ?? [];

  return (
    <AuthCard
      title="Sign in to Hangar"
      subtitle="Your catalog, APIs, teams and people in one place."
      footer={
        passwordLogin ? (
          <>
            No account yet?{' '}
            <Link
              to="/register"
              search={{ redirect: search.redirect }}
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              Create one
            </Link>
          </>
        ) : (
          'Accounts are created when you first sign in with your company’s identity provider.'
        )
      }
    >
      <div className="grid gap-4">
        {search.error && (
          <p role="alert" className={alert}>
            {signInErrorMessage(search.error)}
          </p>
        )}
        {providers.isPending ? (
          <Loading rows={1} label="Loading the ways to sign in" />
        ) : (
          <SsoButtons providers={sso} returnTo={returnTo} />
        )}
        {!providers.isPending && sso.length > 0 && passwordLogin && (
          <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </div>
        )}
        {passwordLogin && <PasswordForm returnTo={returnTo} focusFirst={sso.length === 0} />}
        {!providers.isPending && !passwordLogin && sso.length === 0 && (
          <p className="text-[13px] text-muted-foreground">
            No way to sign in is configured. Ask the administrator of this Hangar.
          </p>
        )}
      </div>
    </AuthCard>
  );
}
