import { describe, expect, it } from 'vitest';
import type { IacModule } from './queries';
import { createModuleBody, EMPTY_MODULE, moduleFormOf, patchModuleBody } from './module-form';

const module = {
  id: 'm1',
  name: 'network',
  provider: 'cloud_a',
  engine: 'engine_a',
  description: 'A network',
  sourceRepoUrl: 'https://git.example/network.git',
  latestVersion: null,
  componentId: null,
  failedVersions: [],
  createdAt: '',
  updatedAt: '',
} as IacModule;

describe('module form', () => {
  it('creates with the required fields, leaving out an empty engine and description', () => {
    expect(
      createModuleBody({ ...EMPTY_MODULE, name: ' vpc ', sourceRepoUrl: ' https://git.example/vpc.git ' }),
    ).toEqual({
      name: 'vpc',
      provider: 'generic',
      sourceRepoUrl: 'https://git.example/vpc.git',
    });
  });

  it('patches only what changed; a cleared engine or description is null', () => {
    const before = moduleFormOf(module);
    expect(patchModuleBody(before, before)).toEqual({});
    expect(patchModuleBody(before, { ...before, name: 'net', engine: '', description: '  ' })).toEqual({
      name: 'net',
      engine: null,
      description: null,
    });
  });
});
