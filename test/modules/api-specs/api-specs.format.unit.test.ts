import { describe, expect, it } from 'vitest';
import { analyseSpec } from '../../../src/modules/api-specs/spec/analyse.js';
import { detectFormat, nestingProblem, parseSpec } from '../../../src/modules/api-specs/spec/parse.js';
import { ASYNCAPI2_YAML, ASYNCAPI3_YAML, OPENAPI3_YAML, SWAGGER2_JSON } from './fixtures.js';

const detect = (text: string) => {
  const p = parseSpec(text);
  return p.ok ? detectFormat(p.doc) : p;
};

describe('format detection', () => {
  it.each([
    [OPENAPI3_YAML, 'openapi'],
    [SWAGGER2_JSON, 'openapi'],
    [ASYNCAPI2_YAML, 'asyncapi'],
    [ASYNCAPI3_YAML, 'asyncapi'],
    ['openapi: 3.1\n', 'openapi'],
    ['openapi: "3.1.0"\n', 'openapi'],
    ['swagger: 2.0\n', 'openapi'],
    ['swagger: "2.0"\n', 'openapi'],
    ['{"asyncapi": "3.0.0"}', 'asyncapi'],
    ['{"openapi": "3.0.0", # YAML flow with a comment\n "paths": {}}', 'openapi'],
  ])('%j is %s', (text, format) => {
    expect(detect(text)).toMatchObject({ ok: true, format });
  });

  it.each([
    ['info: {title: x}\n', /neither/],
    ['openapi: 2.0\n', /OpenAPI version/],
    ['openapi: [3]\n', /OpenAPI version/],
    ['swagger: "3.0"\n', /Swagger version/],
    ['asyncapi: 1.0.0\n', /AsyncAPI version/],
    ['asyncapi: 4.0.0\n', /AsyncAPI version/],
    ['openapi: 3.0.0\nasyncapi: 2.0.0\n', /both/],
  ])('%j is refused', (text, problem) => {
    const r = detect(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(problem);
  });
});

describe('parsing', () => {
  it.each([
    ['', /object/],
    ['just text', /object/],
    ['[1, 2]', /object/],
    ['a: [', /not valid/],
    ['a: 1\n---\nb: 2\n', /not valid/],
    ['a: 1\na: 2\n', /not valid/],
    ['['.repeat(300), /too deeply/],
    ['{a: '.repeat(300), /too deeply/],
    ['- '.repeat(300), /too deeply/],
    [`a:\n${' '.repeat(600)}b: 1\n`, /too deeply/],
  ])('%j is refused', (text, problem) => {
    const r = parseSpec(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(problem);
  });

  it('refuses alias bombs', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 8; i++)
      lines.push(
        `l${i}: &l${i} [${Array(9)
          .fill(i === 1 ? '*a' : `*l${i - 1}`)
          .join(', ')}]`,
      );
    const r = parseSpec(lines.join('\n'));
    expect(r.ok).toBe(false);
  });

  it('allows a few aliases', () => {
    expect(parseSpec('a: &a {x: 1}\nb: *a\nc: *a\n')).toEqual({
      ok: true,
      doc: { a: { x: 1 }, b: { x: 1 }, c: { x: 1 } },
    });
  });

  it('nesting check: balanced brackets are fine, only unclosed depth counts', () => {
    expect(nestingProblem('[]'.repeat(10_000))).toBeUndefined();
    expect(nestingProblem('['.repeat(256))).toBeUndefined();
    expect(nestingProblem('['.repeat(257))).toMatch(/256/);
    expect(nestingProblem(`${' '.repeat(512)}x\n${' '.repeat(512)}y`)).toBeUndefined();
  });

  it('refuses a large pathological input quickly', () => {
    const started = Date.now();
    expect(parseSpec('['.repeat(1_000_000)).ok).toBe(false);
    expect(parseSpec('- '.repeat(500_000)).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('analyseSpec', () => {
  it('checks a declared format against the content', () => {
    expect(analyseSpec(OPENAPI3_YAML, 'openapi')).toMatchObject({ ok: true, format: 'openapi' });
    expect(analyseSpec(OPENAPI3_YAML)).toMatchObject({ ok: true, format: 'openapi' });
    expect(analyseSpec(OPENAPI3_YAML, 'asyncapi')).toMatchObject({ ok: false, field: 'format' });
    expect(analyseSpec('nope', 'asyncapi')).toMatchObject({ ok: false, field: 'spec' });
  });

  it('without a version key: refused, declared format or not (it must be a valid OpenAPI or AsyncAPI document)', () => {
    expect(analyseSpec('info: {title: x}\n', 'asyncapi')).toMatchObject({ ok: false, field: 'spec' });
    expect(analyseSpec('paths: {}\n')).toMatchObject({ ok: false, field: 'spec' });
    expect(analyseSpec('channels: {}\n')).toMatchObject({ ok: false, field: 'spec', problems: [{ pointer: '#' }] });
    // a version key that is wrong is still an error, declared format or not
    expect(analyseSpec('openapi: 2.0\npaths: {}\n', 'openapi')).toMatchObject({ ok: false, field: 'spec' });
  });
});
