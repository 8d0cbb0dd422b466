// The module form's values and the request bodies made from them (pure, unit-tested).
import type { IacModule, IacModuleBody, IacModulePatch } from './queries';
import type { Engine, Provider } from './iac-search';

export interface ModuleFormValues {
  name: string;
  provider: Provider;
  engine: Engine | '';
  sourceRepoUrl: string;
  description: string;
}

export const EMPTY_MODULE: ModuleFormValues = {
  name: '',
  provider: 'generic',
  engine: '',
  sourceRepoUrl: '',
  description: '',
};

export const moduleFormOf = (m: IacModule): ModuleFormValues => ({
  name: m.name,
  provider: m.provider as Provider,
  engine: (m.engine ?? '') as Engine | '',
  sourceRepoUrl: m.sourceRepoUrl,
  description: m.description ?? '',
});

/** What is typed goes to the server as is (trimmed): the rules (URL policy, lengths, uniqueness) are the server's. */
export function createModuleBody(v: ModuleFormValues): IacModuleBody {
  return {
    name: v.name.trim(),
    provider: v.provider,
    sourceRepoUrl: v.sourceRepoUrl.trim(),
    ...(v.engine && { engine: v.engine }),
    ...(v.description.trim() && { description: v.description.trim() }),
  };
}

/** Only the fields that changed; a cleared engine or description is sent as null (the API's "clear"). */
export function patchModuleBody(before: ModuleFormValues, after: ModuleFormValues): IacModulePatch {
  const body: IacModulePatch = {};
  if (after.name.trim() !== before.name) body.name = after.name.trim();
  if (after.provider !== before.provider) body.provider = after.provider;
  if (after.sourceRepoUrl.trim() !== before.sourceRepoUrl) body.sourceRepoUrl = after.sourceRepoUrl.trim();
  if (after.engine !== before.engine) body.engine = after.engine || null;
  if (after.description.trim() !== before.description) body.description = after.description.trim() || null;
  return body;
}
