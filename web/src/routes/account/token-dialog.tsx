import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { fieldError } from '../../api/field-errors';
import type { CreatedToken, TokenBody } from './queries';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-field';
import { Input, SelectField, TextField } from '../../components/ui/input';
import { formatDate } from '../../lib/format';

const LIFETIMES = ['7', '30', '90', '180', '366'] as const;

/** The account's own or a service account's (admin) token write. */
type CreateToken = {
  mutateAsync(body: TokenBody): Promise<CreatedToken>;
  isPending: boolean;
  error: unknown;
  reset(): void;
};

/** The secret, once: a read-only field, a copy button that says it copied, and the warning (decision 839). */
function SecretOnce({ created }: { created: CreatedToken }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="grid gap-3">
      <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-[13px]">
        Copy this token now: it is shown only once and cannot be read again. Store it where your script or CI keeps
        secrets.
      </p>
      <div className="flex gap-2">
        <label className="sr-only" htmlFor="new-token-secret">
          Token {created.name}
        </label>
        <Input
          id="new-token-secret"
          readOnly
          value={created.token}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label="Copy the token">
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-[13px] text-muted-foreground">
        Send it as <code>Authorization: Bearer &lt;token&gt;</code>.{' '}
        {created.scope === 'read' ? 'It may only read.' : 'It may read and write.'} It expires on{' '}
        {formatDate(created.expiresAt)}.
      </p>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}

/**
 * "New token": name, lifetime and scope; the server's problems on their fields; then the secret once.
 * `create` is the account's own or a service account's (admin) token write.
 */
export function NewTokenDialog({
  triggerLabel = 'New token',
  owner,
  create,
}: {
  triggerLabel?: string;
  /** Whose token it is, for the title ("for ci-bot"). */
  owner?: string;
  create: CreateToken;
}) {
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedToken>();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          create.reset();
          setCreated(undefined);
        } else setCreated(undefined);
      }}
    >
      <Button size="sm" onClick={() => setOpen(true)} aria-label={owner ? `New token for ${owner}` : undefined}>
        {triggerLabel}
      </Button>
      <DialogContent
        title={created ? 'Your new token' : owner ? `New token for ${owner}` : 'New personal access token'}
        description={
          created
            ? undefined
            : 'For scripts, CI jobs and the command line. It acts with the account’s roles as they are when it is used.'
        }
      >
        {created ? <SecretOnce created={created} /> : <NewTokenForm create={create} onCreated={setCreated} />}
      </DialogContent>
    </Dialog>
  );
}

/** Name, lifetime and scope, with the server's problems on their fields. */
function NewTokenForm({ create, onCreated }: { create: CreateToken; onCreated: (created: CreatedToken) => void }) {
  const e = create.error;
  return (
    <form
      className="grid gap-3"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        const d = new FormData(ev.currentTarget);
        const body: TokenBody = {
          name: String(d.get('name') ?? ''),
          expiresInDays: Number(d.get('expiresInDays') ?? 30),
          scope: d.get('scope') === 'write' ? 'write' : 'read',
        };
        create.mutateAsync(body).then(onCreated, () => undefined);
      }}
    >
      <TextField
        label="Name"
        name="name"
        required
        description="What it is for, such as “deploys from CI”"
        error={fieldError(e, 'name')}
      />
      <SelectField
        label="Expires after (days)"
        name="expiresInDays"
        options={LIFETIMES}
        defaultValue="30"
        error={fieldError(e, 'expiresInDays')}
      />
      <SelectField
        label="Scope"
        name="scope"
        options={['read', 'write']}
        defaultValue="read"
        description="read: GET requests only; write: everything the account may do"
        error={fieldError(e, 'scope')}
      />
      <FormAlert error={e} />
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          Create token
        </Button>
      </div>
    </form>
  );
}
