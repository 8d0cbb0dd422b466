import { describe, expect, it } from 'vitest';
import { Invalid } from '../../../src/kernel/errors.js';
import { assertYamlShape, MAX_DEPTH, parseDescriptors } from '../../../src/modules/catalog/catalog.descriptors.js';

describe('parseDescriptors', () => {
  it('maps Backstage fields, spec.type to the kind when known, owner refs to team names', () => {
    const [a, b] = parseDescriptors(
      'kind: Component\nmetadata:\n  name: a\n  tags: [x]\nspec:\n  type: Website\n  owner: group:default/web\n  lifecycle: Production\n---\nkind: Resource\nmetadata: {name: b}\nspec: {type: s3-bucket, owner: user:jane}',
    );
    expect(a).toEqual({
      name: 'a',
      kind: 'website',
      owner: 'web',
      lifecycle: 'production',
      description: null,
      tags: ['x'],
      annotations: {},
      source: 'document 1 (index 0)',
    });
    expect(b).toMatchObject({ name: 'b', kind: 'resource', owner: 'user:jane', lifecycle: 'experimental', source: 'document 2 (index 1)' });
  });

  it('prefixes errors with where the text came from', () => {
    expect(() => parseDescriptors('kind: Component\nmetadata: {}', 'x/catalog-info.yaml: ')).toThrow(
      'x/catalog-info.yaml: document 1 (index 0): metadata.name is required',
    );
  });

  it('tolerates duplicate keys (the last one wins)', () => {
    expect(parseDescriptors('kind: Component\nmetadata: {name: a, name: b}')[0]!.name).toBe('b');
  });
});

describe('assertYamlShape', () => {
  const deep = (n: number) => Array.from({ length: n }, (_, i) => ' '.repeat(i * 2) + 'k:').join('\n') + ' v';
  it('allows ordinary nesting and rejects deep nesting of every style', () => {
    expect(() => assertYamlShape(deep(20))).not.toThrow();
    expect(() => assertYamlShape('['.repeat(20) + ']'.repeat(20))).not.toThrow();
    for (const text of [
      deep(MAX_DEPTH + 5),
      '['.repeat(MAX_DEPTH + 1),
      '{a: '.repeat(MAX_DEPTH + 1),
      '- '.repeat(MAX_DEPTH + 1) + 'x',
      '? '.repeat(MAX_DEPTH + 1),
    ]) {
      expect(() => assertYamlShape(text)).toThrow(Invalid);
    }
  });

  it('ignores brackets and dashes inside scalars', () => {
    const text = `a: |\n  ${'['.repeat(500)}\n  ${'- '.repeat(500)}\nb: "${'{'.repeat(500)}"\nc: '${'['.repeat(500)}'`;
    expect(() => assertYamlShape(text)).not.toThrow();
  });

  it('stops at the first token past the limit (cheap on hostile input)', () => {
    const started = Date.now();
    expect(() => assertYamlShape('['.repeat(400_000))).toThrow(/nested deeper/);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
