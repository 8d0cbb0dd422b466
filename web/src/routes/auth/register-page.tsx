import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { register } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { AuthCard } from './auth-card';

/** The account's fields, as the server checks them. */
function RegisterFields() {
  return (
    <>
      <Field label="Username" hint="2–50 characters, no spaces">
        {(id, describedBy) => (
          // The page's one task is this form: its first field takes the focus (decision 945).
          <Input
            id={id}
            name="username"
            autoComplete="username"
            required
            minLength={2}
            maxLength={50}
            aria-describedby={describedBy}
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
          />
        )}
      </Field>
      <Field label="Email">
        {(id) => <Input id={id} name="email" type="email" autoComplete="email" required maxLength={254} />}
      </Field>
      <Field label="Display name" hint="Optional; defaults to the username">
        {(id, describedBy) => (
          <Input id={id} name="displayName" autoComplete="name" maxLength={100} aria-describedby={describedBy} />
        )}
      </Field>
      <Field label="Password" hint="At least 8 characters with a lowercase letter, an uppercase letter and a digit">
        {(id, describedBy) => (
          <Input
            id={id}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            maxLength={256}
            aria-describedby={describedBy}
          />
        )}
      </Field>
    </>
  );
}

export function RegisterPage() {
  const search = useSearch({ from: '/register' });
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setPending(true);
    const failure = await register({
      username: value('username'),
      email: value('email'),
      password: String(form.get('password') ?? ''),
      displayName: value('displayName') || undefined,
    });
    setPending(false);
    if (failure) return setError(failure);
    await navigate({ href: search.redirect ?? '/catalog', replace: true });
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Register to browse and manage Hangar's catalog."
      footer={
        <>
          Already registered?{' '}
          <Link to="/sign-in" search={search} className="font-medium text-primary underline-offset-2 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4">
        <RegisterFields />
        {error && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-[13px] text-destructive"
          >
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending} className="w-full justify-center">
          {pending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
