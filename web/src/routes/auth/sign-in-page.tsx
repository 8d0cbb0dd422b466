import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { signIn } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/input';
import { AuthCard } from './auth-card';

export function SignInPage() {
  const search = useSearch({ from: '/sign-in' });
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
    await navigate({ href: search.redirect ?? '/catalog', replace: true });
  };

  return (
    <AuthCard
      title="Sign in to Hangar"
      subtitle="Your catalog, APIs, teams and people in one place."
      footer={
        <>
          No account yet?{' '}
          <Link to="/register" search={search} className="font-medium text-primary underline-offset-2 hover:underline">
            Create one
          </Link>
        </>
      }
    >
      <form onSubmit={submit} className="grid gap-4" noValidate={false}>
        <Field label="Username">{(id) => <Input id={id} name="username" autoComplete="username" required autoFocus />}</Field>
        <Field label="Password">{(id) => <Input id={id} name="password" type="password" autoComplete="current-password" required />}</Field>
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-[13px] text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={pending} className="w-full justify-center">
          {pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthCard>
  );
}
