import { describe, expect, it } from 'vitest';
import {
  expressionText,
  highestVersion,
  HclParseError,
  moduleMeta,
  sortVersionsDesc,
  tagVersion,
  unwrapExpression,
} from '../../../src/modules/iac-modules/hcl-meta.js';

describe('unwrapExpression', () => {
  it.each([
    ['${var.x}', 'var.x'],
    ['${list(object({\n  a = string\n}))}', 'list(object({\n  a = string\n}))'],
    ['${format("{%s}", var.x)}', 'format("{%s}", var.x)'],
    ['${var.a ? "${var.b}}" : "c"}', 'var.a ? "${var.b}}" : "c"'],
    ['${[for s in var.l : upper(s)]}', '[for s in var.l : upper(s)]'],
  ])('unwraps %j', (input, expected) => {
    expect(unwrapExpression(input)).toBe(expected);
  });

  it.each(['plain', 'prefix-${var.x}', '${var.a}-${var.b}', '${var.a}x', ''])('leaves %j alone', (input) => {
    expect(unwrapExpression(input)).toBeUndefined();
  });
});

describe('expressionText', () => {
  it('serialises literals as JSON and expressions as written', () => {
    expect(expressionText('abc')).toBe('"abc"');
    expect(expressionText(3)).toBe('3');
    expect(expressionText(null)).toBe('null');
    expect(expressionText({ a: [1] })).toBe('{"a":[1]}');
    expect(expressionText('${aws_s3_bucket.b.arn}')).toBe('aws_s3_bucket.b.arn');
    expect(expressionText('x-${var.y}')).toBe('"x-${var.y}"');
    expect(expressionText(undefined)).toBeNull();
  });
});

describe('moduleMeta', () => {
  const files = [
    {
      name: 'variables.tf',
      content: `
variable "zeta" {
  type        = list(object({ name = string, size = optional(number, 1) }))
  description = "Servers"
  default     = []
  validation {
    condition     = length(var.zeta) < 10
    error_message = "Too many servers."
  }
  validation {
    condition     = true
    error_message = "second"
  }
}
variable "alpha" { type = string }
variable "nothing" { default = null }
variable "tags" {
  type    = map(string)
  default = { team = "core" }
}
variable "token" {
  type      = string
  sensitive = true
  default   = "s"
}`,
    },
    {
      name: 'outputs.tf',
      content:
        'output "id" {\n  value = aws_instance.x.id\n  description = "The id"\n}\noutput "greeting" { value = "hi-${var.alpha}" }',
    },
    { name: 'main.tf', content: 'variable "alpha" { type = number }\nresource "null_resource" "x" {}' },
  ];

  it('reads variables and outputs of every file, sorted by name, first declaration wins', async () => {
    const { variables, outputs } = await moduleMeta(files);
    expect(variables.map((v) => v.name)).toEqual(['alpha', 'nothing', 'tags', 'token', 'zeta']);
    // main.tf comes before variables.tf, so its declaration of alpha is the one kept.
    expect(variables[0]).toEqual({
      name: 'alpha',
      type: 'number',
      description: null,
      default: null,
      required: true,
      validation: null,
      validations: [],
      sensitive: false,
      nullable: true,
    });
    expect(variables[1]).toMatchObject({ name: 'nothing', type: null, default: 'null', required: false });
    expect(variables[2]).toMatchObject({ type: 'map(string)', default: '{"team":"core"}', required: false });
    expect(variables[3]).toMatchObject({ default: '"s"', required: false, sensitive: true });
    expect(variables[4]).toEqual({
      name: 'zeta',
      type: 'list(object({ name = string, size = optional(number, 1) }))',
      description: 'Servers',
      default: '[]',
      required: false,
      validation: { condition: 'length(var.zeta) < 10', errorMessage: 'Too many servers.' },
      // Every validation block is kept, in order.
      validations: [
        { condition: 'length(var.zeta) < 10', errorMessage: 'Too many servers.' },
        { condition: 'true', errorMessage: 'second' },
      ],
      sensitive: false,
      nullable: true,
    });
    expect(outputs).toEqual([
      { name: 'greeting', description: null, value: '"hi-${var.alpha}"', sensitive: false },
      { name: 'id', description: 'The id', value: 'aws_instance.x.id', sensitive: false },
    ]);
  });

  it('reads nullable = false and sensitive outputs', async () => {
    const { variables, outputs } = await moduleMeta([
      {
        name: 'a.tf',
        content:
          'variable "n" {\n  type = string\n  nullable = false\n}\noutput "secret" {\n  value = var.n\n  sensitive = true\n}\n',
      },
    ]);
    expect(variables[0]).toMatchObject({ name: 'n', nullable: false, sensitive: false });
    expect(outputs[0]).toEqual({ name: 'secret', description: null, value: 'var.n', sensitive: true });
  });

  it('reads *.tf.json files as Terraform does (JSON syntax, "//" comments, arrays of blocks)', async () => {
    const json = {
      '//': 'generated',
      variable: {
        '//': 'a comment, not a variable',
        cidr: {
          type: 'string',
          description: 'CIDR',
          default: '10.0.0.0/16',
          validation: [{ condition: '${can(cidrhost(var.cidr, 0))}', error_message: 'Must be a CIDR.' }],
        },
        azs: { type: 'list(string)', default: ['a', 'b'], sensitive: true, nullable: false },
        name: {},
      },
      output: [
        { vpc_id: { value: '${aws_vpc.this.id}', description: 'The VPC' } },
        { arn: { value: 'arn-${aws_vpc.this.id}' } },
      ],
    };
    const { variables, outputs } = await moduleMeta([{ name: 'main.tf.json', content: JSON.stringify(json) }]);
    expect(variables.map((v) => v.name)).toEqual(['azs', 'cidr', 'name']);
    expect(variables[0]).toMatchObject({
      type: 'list(string)',
      default: '["a","b"]',
      sensitive: true,
      nullable: false,
      required: false,
    });
    expect(variables[1]).toMatchObject({
      type: 'string',
      description: 'CIDR',
      default: '"10.0.0.0/16"',
      validation: { condition: 'can(cidrhost(var.cidr, 0))', errorMessage: 'Must be a CIDR.' },
      validations: [{ condition: 'can(cidrhost(var.cidr, 0))', errorMessage: 'Must be a CIDR.' }],
    });
    expect(variables[2]).toMatchObject({ type: null, default: null, required: true });
    expect(outputs).toEqual([
      { name: 'arn', description: null, value: '"arn-${aws_vpc.this.id}"', sensitive: false },
      { name: 'vpc_id', description: 'The VPC', value: 'aws_vpc.this.id', sensitive: false },
    ]);
    await expect(moduleMeta([{ name: 'bad.tf.json', content: '{"variable": ' }])).rejects.toThrow(/bad\.tf\.json/);
  });

  it('applies override files after the others, attribute by attribute', async () => {
    const { variables } = await moduleMeta([
      {
        name: 'variables.tf',
        content: 'variable "size" {\n  type = number\n  default = 1\n  description = "Size"\n}\n',
      },
      { name: 'a_override.tf', content: 'variable "size" {\n  default = 3\n}\nvariable "unknown" {}\n' },
    ]);
    expect(variables).toHaveLength(1);
    expect(variables[0]).toMatchObject({ name: 'size', type: 'number', default: '3', description: 'Size' });
  });

  it('parses through an injected parser (worker threads in production)', async () => {
    const calls: string[] = [];
    await moduleMeta(
      [
        { name: 'x.tf', content: 'variable "a" {}' },
        { name: 'y.tf.json', content: '{}' },
      ],
      async (name) => (calls.push(name), { variable: { a: [{}] } }),
    );
    expect(calls).toEqual(['x.tf']);
  });

  it('names the file that does not parse', async () => {
    await expect(moduleMeta([{ name: 'broken.tf', content: 'variable "x" {' }])).rejects.toThrow(HclParseError);
    await expect(moduleMeta([{ name: 'broken.tf', content: 'variable "x" {' }])).rejects.toThrow(/broken\.tf/);
  });

  it('returns empty lists for a root without declarations', async () => {
    expect(await moduleMeta([])).toEqual({ variables: [], outputs: [] });
  });
});

describe('versions', () => {
  it('accepts vX.Y.Z and X.Y.Z tags only', () => {
    expect(tagVersion('v1.2.3')).toBe('1.2.3');
    expect(tagVersion('1.2.3')).toBe('1.2.3');
    expect(tagVersion('v2.0.0-rc.1')).toBe('2.0.0-rc.1');
    for (const bad of ['latest', 'v1.2', '=1.2.3', 'V1.2.3', 'vv1.2.3', 'release-1.0.0', '01.2.3'])
      expect(tagVersion(bad)).toBeUndefined();
  });

  it('sorts by semver precedence, highest first', () => {
    const sorted = sortVersionsDesc(
      ['v1.0.0', '1.10.0', 'v1.2.0', 'v2.0.0-rc.1', '2.0.0', 'v0.9.9'].map((version) => ({ version })),
    );
    expect(sorted.map((r) => r.version)).toEqual(['2.0.0', 'v2.0.0-rc.1', '1.10.0', 'v1.2.0', 'v1.0.0', 'v0.9.9']);
    expect(highestVersion(['v1.0.0', '1.1.0'])).toBe('1.1.0');
    expect(highestVersion([])).toBeNull();
  });
});
