import { describe, expect, it } from 'vitest';
import {
  checkAll,
  checkVariable,
  errorsFromDetails,
  fileTree,
  initialValues,
  previewMatches,
  toBody,
  type VariableDef,
} from './form-model';

const NAME: VariableDef = {
  key: 'SERVICE_NAME',
  label: 'Service name',
  description: '',
  default: '',
  required: true,
  pattern: '^[a-z][a-z0-9-]{1,62}$',
};
const PORT: VariableDef = {
  key: 'PORT',
  label: 'Port',
  description: '',
  default: '3000',
  required: false,
  pattern: '^[0-9]{2,5}$',
};
const defs = [NAME, PORT];

describe('the scaffold form', () => {
  it('starts from the defaults, or from a request’s values', () => {
    expect(initialValues(defs)).toEqual({ targetRepository: '', variables: { SERVICE_NAME: '', PORT: '3000' } });
    expect(
      initialValues(defs, { targetRepository: 'https://h/x.git', variables: { SERVICE_NAME: 'orders', PORT: '8080' } })
        .variables,
    ).toEqual({
      SERVICE_NAME: 'orders',
      PORT: '8080',
    });
  });

  it('checks required values and patterns as the server does (an empty value takes the default)', () => {
    expect(checkVariable(NAME, '')).toBe('Service name is required');
    expect(checkVariable(NAME, 'Orders')).toBe('Must match ^[a-z][a-z0-9-]{1,62}$');
    expect(checkVariable(NAME, 'orders')).toBeUndefined();
    expect(checkVariable(PORT, '')).toBeUndefined();
    expect(checkVariable(PORT, 'http')).toMatch(/^Must match/);
    expect(checkVariable({ ...PORT, pattern: '(?<!x' }, 'anything')).toBeUndefined();
    expect(Object.keys(checkAll(defs, initialValues(defs)))).toEqual(['targetRepository', 'variables.SERVICE_NAME']);
  });

  it('sends non-empty values and knows when a preview shows the current values', () => {
    const values = { targetRepository: ' https://h/x.git ', variables: { SERVICE_NAME: 'orders', PORT: '' } };
    expect(toBody(defs, values)).toEqual({
      targetRepository: 'https://h/x.git',
      variables: { SERVICE_NAME: 'orders' },
    });
    const preview = { targetRepository: 'https://h/x.git', variables: { SERVICE_NAME: 'orders', PORT: '3000' } };
    expect(previewMatches(defs, values, preview)).toBe(true);
    expect(previewMatches(defs, { ...values, variables: { SERVICE_NAME: 'orders', PORT: '3001' } }, preview)).toBe(
      false,
    );
    expect(previewMatches(defs, { ...values, targetRepository: 'https://h/y.git' }, preview)).toBe(false);
  });

  it('puts a 400’s details on the fields they name', () => {
    expect(
      errorsFromDetails(defs, [
        { field: 'targetRepository', problem: 'has unsupported scheme "ftp"' },
        { field: 'variables.PORT', problem: 'must match ^[0-9]{2,5}$' },
        { field: 'organizationId', problem: 'does not exist' },
      ]),
    ).toEqual({
      fields: { targetRepository: 'Has unsupported scheme "ftp"', 'variables.PORT': 'Must match ^[0-9]{2,5}$' },
      other: ['organizationId does not exist'],
    });
  });

  it('builds the file tree with folders first', () => {
    const tree = fileTree(['README.md', 'cmd/orders/main.go', 'Dockerfile', 'cmd/orders/main_test.go', 'go.mod']);
    expect(tree.map((n) => n.name)).toEqual(['cmd', 'Dockerfile', 'go.mod', 'README.md']);
    expect(tree[0]!.children[0]!.children.map((n) => n.path)).toEqual([
      'cmd/orders/main.go',
      'cmd/orders/main_test.go',
    ]);
  });
});
