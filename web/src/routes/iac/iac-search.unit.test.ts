import { describe, expect, it } from 'vitest';
import { parseModuleSearch, parseModulesSearch, parseStackSearch, parseStacksSearch } from './iac-search';

describe('IaC search params', () => {
  it('keeps a valid stack view, page and node', () => {
    expect(parseStackSearch({ view: 'topology', page: '2', node: 'aws_vpc.main' })).toEqual({
      view: 'topology',
      page: 2,
      node: 'aws_vpc.main',
    });
    expect(parseStackSearch({ view: 'runs', page: '1' })).toEqual({});
    expect(parseStackSearch({ view: 'graph', page: 'x', node: '' })).toEqual({});
  });

  it('keeps only the documented providers and engines', () => {
    expect(parseModulesSearch({ q: ' vpc ', provider: 'cloud_a', engine: 'engine_b' })).toEqual({
      q: 'vpc',
      provider: 'cloud_a',
      engine: 'engine_b',
    });
    expect(parseModulesSearch({ provider: 'aws', engine: 'terraform', q: 3 })).toEqual({ q: '3' });
  });

  it('reads an environment and a version', () => {
    expect(parseStacksSearch({ environment: 'prod' })).toEqual({ environment: 'prod' });
    expect(parseStacksSearch({ environment: ['prod'] })).toEqual({});
    expect(parseModuleSearch({ version: '1.2.0' })).toEqual({ version: '1.2.0' });
  });
});
