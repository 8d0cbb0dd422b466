import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboundRules } from '../../integrations/outbound/policy.js';
import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import type { AuditPort } from '../audit/index.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { CredentialUnreadable, credentialAad, type CredentialKeyring } from './credentials.crypto.js';
import { credentialsRepository as repo, type CredentialRow } from './credentials.repository.js';
import {
  validateCredentialValue,
  type Credential,
  type CredentialType,
  type CredentialValues,
  type CreateCredentialBody,
  type UpdateCredentialBody,
} from './credentials.schemas.js';

/** The public shape: never the value, nor anything sealed. */
const toCredential = (row: CredentialRow): Credential => ({
  id: row.id,
  type: row.type,
  name: row.name,
  orgId: row.organizationId,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

const resourceOf = (row: CredentialRow) => ({ type: 'credential', id: row.id, ref: `${row.type}:${row.name}` });

const scope = (caller: Caller) => (caller.organizationId ? 'this organization' : 'records without an organization');
const duplicate = (type: string, caller: Caller) =>
  new Conflict(`A ${type} credential already exists for ${scope(caller)}`);

async function requireRow(db: Database, caller: Caller, id: string) {
  const row = await repo.find(db, caller.organizationId, id);
  if (!row) throw new NotFound('Credential not found');
  return row;
}

interface CredentialsDeps {
  db: Database;
  /** Credential changes are recorded in their transaction, values masked (decision 982). */
  audit: AuditPort;
  keyring: CredentialKeyring;
  log: FastifyBaseLogger;
  /** The outbound policy for credential URLs (decision 200). */
  outbound?: OutboundRules;
}

/** Credentials' writes and reads of their records, then the platform adapters' reads of values (decision 1170). */
export function createCredentialsService(deps: CredentialsDeps) {
  return { ...credentialRecordVerbs(deps), ...credentialValueVerbs(deps) };
}

function credentialRecordVerbs({ db, keyring, outbound, audit }: CredentialsDeps) {
  return {
    async list(caller: Caller): Promise<Credential[]> {
      return (await repo.list(db, caller.organizationId)).map(toCredential);
    },

    async get(caller: Caller, id: string): Promise<Credential> {
      return toCredential(await requireRow(db, caller, id));
    },

    async create(caller: Caller, body: CreateCredentialBody): Promise<Credential> {
      const value = validateCredentialValue(body.type, body.value, outbound);
      if (await repo.findByType(db, caller.organizationId, body.type)) throw duplicate(body.type, caller);
      const id = randomUUID();
      const sealed = keyring.seal(value as Record<string, string>, credentialAad(id, body.type));
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await repo.insert(tx, {
            id,
            organizationId: caller.organizationId,
            type: body.type,
            name: body.name,
            ...sealed,
            createdBy: caller.actor.kind === 'user' ? caller.actor.userId : null,
          });
          await audit.record(tx, {
            caller,
            action: 'integrations.credential.create',
            resource: resourceOf(inserted),
            changes: { name: [null, body.name], value: [null, '***'] },
          });
          return inserted;
        });
        return toCredential(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(body.type, caller);
        throw err;
      }
    },

    async update(caller: Caller, id: string, body: UpdateCredentialBody): Promise<Credential> {
      const row = await requireRow(db, caller, id);
      const values: Partial<CredentialRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.value !== undefined) {
        const value = validateCredentialValue(row.type as CredentialType, body.value, outbound);
        Object.assign(values, keyring.seal(value as Record<string, string>, credentialAad(row.id, row.type)));
      }
      if (Object.keys(values).length === 0) return toCredential(row);
      const updated = await db.transaction(async (tx) => {
        const after = await repo.update(tx, row.id, values);
        if (!after) throw new NotFound('Credential not found');
        const changes: Record<string, [unknown, unknown]> = {};
        if (body.name !== undefined) changes.name = [row.name, body.name];
        if (body.value !== undefined) changes.value = ['***', '***'];
        await audit.record(tx, {
          caller,
          action: 'integrations.credential.update',
          resource: resourceOf(after),
          changes,
        });
        return after;
      });
      return toCredential(updated);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.delete(tx, caller.organizationId, id))) throw new NotFound('Credential not found');
        await audit.record(tx, {
          caller,
          action: 'integrations.credential.delete',
          resource: { type: 'credential', id },
        });
      });
    },
  };
}

/** Decrypts a stored value; one sealed under an earlier key is sealed again under the current one. */
function valueOpener({ db, keyring, log }: CredentialsDeps) {
  return async function open<T extends CredentialType>(row: CredentialRow, type: T): Promise<CredentialValues[T]> {
    let value: Record<string, string>;
    try {
      value = keyring.open(row, credentialAad(row.id, row.type));
    } catch (err) {
      if (!(err instanceof CredentialUnreadable)) throw err;
      log.warn({ credentialId: row.id, type, keyId: row.keyId }, 'stored credential cannot be decrypted');
      throw new Invalid(
        `The stored ${type} credential cannot be decrypted (the server's JWT_SECRET changed): store it again`,
      );
    }
    if (row.keyId !== keyring.currentKeyId) {
      // Opened with an earlier key: seal it under the current one, so old keys can be retired.
      const sealed = keyring.seal(value, credentialAad(row.id, row.type));
      await repo
        .reseal(db, row.id, sealed, row.keyId)
        .catch((err) => log.warn({ err, credentialId: row.id }, 'could not re-seal a credential'));
    }
    return value as unknown as CredentialValues[T];
  };
}

function credentialValueVerbs(deps: CredentialsDeps) {
  const { db } = deps;
  const open = valueOpener(deps);
  return {
    /**
     * The decrypted value of the caller's organization's credential of `type`, or null when none is
     * stored. For platform adapters only: the value goes to its platform and nowhere else.
     */
    async readValue<T extends CredentialType>(caller: Caller, type: T): Promise<CredentialValues[T] | null> {
      const row = await repo.findByType(db, caller.organizationId, type);
      return row ? open<T>(row, type) : null;
    },

    /** The type and decrypted value of credential `id` of the caller's organization (discovery sources name one). */
    async readValueById(
      caller: Caller,
      id: string,
    ): Promise<{ type: CredentialType; value: Record<string, string> } | null> {
      const row = await repo.find(db, caller.organizationId, id);
      if (!row) return null;
      const type = row.type as CredentialType;
      return { type, value: (await open(row, type)) as unknown as Record<string, string> };
    },
  };
}

export type CredentialsService = ReturnType<typeof createCredentialsService>;
