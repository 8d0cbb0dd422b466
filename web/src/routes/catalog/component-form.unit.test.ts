import { describe, expect, it } from 'vitest';
import { createBody, documentProblem, EMPTY_FORM, formOf, parseTags, patchBody } from './component-form';

describe('component form', () => {
  it('splits tags on commas and spaces, lower-cased and unique', () => {
    expect(parseTags(' Go, java  go,,rust ')).toEqual(['go', 'java', 'rust']);
    expect(parseTags('')).toEqual([]);
  });

  it('leaves blank optional fields out of the create body', () => {
    expect(createBody({ ...EMPTY_FORM, name: ' orders ', kind: 'library', tags: 'a' })).toEqual({
      name: 'orders',
      kind: 'library',
      title: undefined,
      owner: undefined,
      lifecycle: undefined,
      description: undefined,
      tags: ['a'],
      gitopsApp: undefined,
    });
  });

  it('patches only what changed; a cleared field becomes null, a cleared lifecycle is left out', () => {
    const before = formOf({
      name: 'orders',
      kind: 'service',
      title: 'Orders',
      owner: 'team-a',
      lifecycle: 'production',
      description: null,
      tags: ['a', 'b'],
      gitopsApp: null,
    });
    expect(patchBody(before, before)).toEqual({});
    expect(
      patchBody(before, { ...before, title: '', description: 'Takes orders', lifecycle: '', tags: 'b, a' }),
    ).toEqual({
      title: null,
      description: 'Takes orders',
    });
    expect(patchBody(before, { ...before, tags: 'a', gitopsApp: 'orders-app', kind: 'website' })).toEqual({
      tags: ['a'],
      gitopsApp: 'orders-app',
      kind: 'website',
    });
  });

  it('reads the document a YAML problem names', () => {
    expect(documentProblem('document 2: metadata.name is required')).toEqual({
      document: 2,
      message: 'metadata.name is required',
    });
    expect(documentProblem('yaml holds no descriptor')).toEqual({
      document: null,
      message: 'yaml holds no descriptor',
    });
  });
});
