import { describe, expect, it } from 'vitest';
import { Invalid } from '../../../src/kernel/errors.js';
import {
  assertSafePath,
  assertVariableDefinitions,
  redactUrl,
  renderFiles,
  resolveVariables,
  substitute,
  type VariableDefinition,
} from '../../../src/modules/templates/templates.render.js';

const v = (over: Partial<VariableDefinition> & { key: string }): VariableDefinition => ({ label: over.key, description: '', default: '', required: false, ...over });

describe('resolveVariables', () => {
  const defs = [v({ key: 'SERVICE_NAME', required: true, pattern: '^[a-z][a-z0-9-]{1,62}$' }), v({ key: 'PORT', default: '3000', pattern: '^[0-9]{2,5}$' })];

  it('fills defaults and ignores undeclared variables', () => {
    expect(resolveVariables(defs, { SERVICE_NAME: 'orders', EXTRA: 'x' })).toEqual({ SERVICE_NAME: 'orders', PORT: '3000' });
    expect(resolveVariables(defs, { SERVICE_NAME: 'orders', PORT: '9090' })).toEqual({ SERVICE_NAME: 'orders', PORT: '9090' });
  });

  it('names a missing required variable (absent or empty)', () => {
    expect(() => resolveVariables(defs, {})).toThrow(/SERVICE_NAME is required/);
    expect(() => resolveVariables(defs, { SERVICE_NAME: '' })).toThrow(Invalid);
  });

  it('names a value failing its pattern', () => {
    expect(() => resolveVariables(defs, { SERVICE_NAME: 'Bad_Name' })).toThrow(/SERVICE_NAME does not match/);
    expect(() => resolveVariables(defs, { SERVICE_NAME: 'ok', PORT: 'http' })).toThrow(/PORT does not match/);
  });

  it('does not read inherited properties as values', () => {
    expect(() => resolveVariables([v({ key: 'TO_STRING', required: true })], Object.create({ TO_STRING: 'x' }))).toThrow(/TO_STRING/);
  });
});

describe('assertVariableDefinitions', () => {
  it('refuses duplicate keys, bad patterns and defaults failing their pattern', () => {
    expect(() => assertVariableDefinitions([v({ key: 'A' }), v({ key: 'A' })])).toThrow(/declared twice/);
    expect(() => assertVariableDefinitions([v({ key: 'A', pattern: '([' })])).toThrow(/not a valid regular expression/);
    expect(() => assertVariableDefinitions([v({ key: 'A', pattern: '^[0-9]+$', default: 'x' })])).toThrow(/does not match its pattern/);
    expect(() => assertVariableDefinitions([v({ key: 'A', pattern: '^[0-9]+$', default: '4' }), v({ key: 'B' })])).not.toThrow();
  });
});

describe('rendering', () => {
  it('substitutes known placeholders only, with optional spaces', () => {
    expect(substitute('{{A}}-{{ A }}-{{B}}-${{ github.sha }}', { A: 'x' })).toBe('x-x-{{B}}-${{ github.sha }}');
    // Lower-case, camelCase, dotted and dashed keys work when declared; Helm-style `{{ .Values.x }}` is never touched.
    expect(substitute('{{serviceName}}/{{ app-name }}/{{svc.port}}/{{ .Values.x }}/{{other}}', { serviceName: 'a', 'app-name': 'b', 'svc.port': '80' })).toBe(
      'a/b/80/{{ .Values.x }}/{{other}}',
    );
  });

  it('renders contents and paths, keeps binaries as they are, sorts by path', () => {
    const bin = Buffer.from([0, 1, 2, 0x7b, 0x7b]);
    const out = renderFiles(
      [
        { path: 'cmd/{{NAME}}/main.go', content: 'package main // {{NAME}}' },
        { path: 'README.md', content: '# {{NAME}}' },
        { path: 'logo.png', content: bin },
      ],
      { NAME: 'svc' },
    );
    expect(out.map((f) => f.path)).toEqual(['README.md', 'cmd/svc/main.go', 'logo.png']);
    expect(out[1]!.content).toBe('package main // svc');
    expect(out[2]!.content).toBe(bin);
  });

  it.each(['../x', 'a/../../x', '/etc/passwd', '.git/hooks/pre-commit', 'a/.GIT/config', 'a//b', '', 'a\\b'])('refuses the rendered path %j', (path) => {
    expect(() => assertSafePath(path, path)).toThrow(Invalid);
  });

  it('refuses traversal that appears only after substitution, and duplicate paths', () => {
    expect(() => renderFiles([{ path: '{{N}}/x', content: '' }], { N: '..' })).toThrow(/leaves the repository/);
    expect(() => renderFiles([{ path: '{{N}}', content: '' }, { path: 'a', content: '' }], { N: 'a' })).toThrow(/same path/);
  });

  it('redacts credentials in URLs', () => {
    expect(redactUrl('https://user:tok@host/r.git')).toBe('https://***@host/r.git');
    expect(redactUrl('file:///tmp/r.git')).toBe('file:///tmp/r.git');
  });
});
