import {
  assertUriCharacters,
  parseHttpUrl,
  assertHost,
  type OutboundRules,
} from '../../integrations/outbound/policy.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import type { Database } from '../../db/client.js';
import type { DiscoveryCredentialsPort, DiscoveryDeps } from './discovery.deps.js';
import { discoveryRepository as repo, type SourceRow } from './discovery.repository.js';
import {
  assertSourceValues,
  DEFAULT_BASE_URL,
  DEFAULT_FILE_PATH,
  DEFAULT_SCHEDULE,
  type CreateSourceBody,
  type Source,
  type UpdateSourceBody,
} from './discovery.schemas.js';

// The sources' own verbs: what is scanned, where, with which credential (decision 1170).

export const toSource = (row: SourceRow): Source => ({
  id: row.id,
  orgId: row.organizationId,
  provider: row.provider,
  baseUrl: row.baseUrl,
  owner: row.owner,
  credentialId: row.credentialId,
  filePath: row.filePath,
  branch: row.branch,
  schedule: row.schedule,
  includeArchived: row.includeArchived,
  repositoryPattern: row.repositoryPattern,
  lastScan: {
    state: row.lastScan?.state ?? 'never',
    startedAt: row.lastScan?.startedAt ?? null,
    finishedAt: row.lastScan?.finishedAt ?? null,
  },
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export async function requireSource(db: Database, caller: Caller, id: string) {
  const row = await repo.find(db, caller.organizationId, id);
  if (!row) throw new NotFound('Discovery source not found');
  return row;
}

/** baseUrl through the one outbound policy (decision 200); the adapters' fetch checks again at connect. */
function checkBaseUrl(outbound: OutboundRules, raw: string) {
  assertUriCharacters(raw, 'baseUrl');
  const url = parseHttpUrl(raw, 'baseUrl');
  if (url.username || url.password || url.search || url.hash)
    throw new Invalid('baseUrl must be a plain http(s) URL', [
      { field: 'baseUrl', problem: 'has user information, a query or a fragment' },
    ]);
  assertHost(outbound, url.hostname, url.port ? Number(url.port) : undefined, 'baseUrl');
  return url.toString().replace(/\/+$/, '');
}

async function checkCredential(
  credentials: DiscoveryCredentialsPort,
  caller: Caller,
  provider: string,
  credentialId: string,
) {
  const found = await credentials.readValueById(caller, credentialId);
  if (!found || found.type !== provider) {
    throw new Invalid(`credentialId must name a ${provider} integration credential of this organization`, [
      { field: 'credentialId', problem: `no ${provider} credential with this id` },
    ]);
  }
}

export function sourceVerbs({ db, outbound, credentials }: DiscoveryDeps) {
  return {
    async list(caller: Caller): Promise<Source[]> {
      return (await repo.list(db, caller.organizationId)).map(toSource);
    },

    async get(caller: Caller, id: string): Promise<Source> {
      return toSource(await requireSource(db, caller, id));
    },

    async create(caller: Caller, body: CreateSourceBody): Promise<Source> {
      assertSourceValues(body);
      const baseUrl = checkBaseUrl(outbound, body.baseUrl ?? DEFAULT_BASE_URL[body.provider]);
      await checkCredential(credentials, caller, body.provider, body.credentialId);
      const row = await repo.insert(db, {
        organizationId: caller.organizationId,
        provider: body.provider,
        baseUrl,
        owner: body.owner.replace(/\/+$/, ''),
        credentialId: body.credentialId,
        filePath: body.filePath ?? DEFAULT_FILE_PATH,
        branch: body.branch ?? null,
        schedule: body.schedule ?? DEFAULT_SCHEDULE,
        includeArchived: body.includeArchived ?? false,
        repositoryPattern: body.repositoryPattern ?? null,
      });
      return toSource(row);
    },

    async update(caller: Caller, id: string, body: UpdateSourceBody): Promise<Source> {
      const row = await requireSource(db, caller, id);
      assertSourceValues(body);
      const values: Partial<SourceRow> = { ...body } as Partial<SourceRow>;
      if (body.baseUrl !== undefined) values.baseUrl = checkBaseUrl(outbound, body.baseUrl);
      if (body.owner !== undefined) values.owner = body.owner.replace(/\/+$/, '');
      if (body.credentialId !== undefined) await checkCredential(credentials, caller, row.provider, body.credentialId);
      // What is read changed: the next scan reads every repository again (no 304 shortcut).
      const reread = ['baseUrl', 'owner', 'filePath', 'branch', 'includeArchived', 'repositoryPattern'].some(
        (k) => k in body,
      );
      if (reread) {
        values.pages = {};
        await repo.forgetReadings(db, row.id);
      }
      return toSource((await repo.update(db, row.id, values)) ?? row);
    },

    /** The source and its records go; the entities it registered stay until removed by hand (documented). */
    async remove(caller: Caller, id: string): Promise<void> {
      if (!(await repo.delete(db, caller.organizationId, id))) throw new NotFound('Discovery source not found');
    },
  };
}
