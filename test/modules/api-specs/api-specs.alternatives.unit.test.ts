import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../../src/modules/api-specs/diff/index.js';
import { oas } from './rules-cases.js';

/**
 * Rules of the diff, second round: oneOf/anyOf alternatives paired by reference target, then by
 * content (decision 803), the wrapping into overlapping oneOf alternatives (802), and enum
 * changes named with counts instead of written out (801).
 */
type Obj = Record<string, unknown>;
const withResponse = (schema: unknown, schemas: Obj) =>
  oas(
    { '/pay': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } },
    { components: { schemas } },
  );
const withRequest = (schema: unknown, schemas: Obj = {}) =>
  oas(
    {
      '/pay': {
        post: {
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    { components: { schemas } },
  );
const card = (extra: Obj = {}) => ({
  type: 'object',
  required: ['id', 'last4'],
  properties: { id: { type: 'string' }, last4: { type: 'string' } },
  ...extra,
});
const bank = {
  type: 'object',
  required: ['id', 'iban'],
  properties: { id: { type: 'string' }, iban: { type: 'string' } },
};
const anyOf = (...refs: string[]) => ({ anyOf: refs.map((r) => ({ $ref: `#/components/schemas/${r}` })) });
const lines = (r: ReturnType<typeof diffDocuments>) =>
  r.entries.map((e) => `${e.level} ${e.rule} ${e.path} | ${e.location}`);

describe('anyOf/oneOf alternatives: paired by reference target, then by content (decision 803)', () => {
  it('a renamed alternative whose title and description also changed is no change at all (was: an added alternative, error)', () => {
    const before = withResponse(anyOf('card', 'bank'), { card: card({ title: 'Card', description: 'A card' }), bank });
    const after = withResponse(anyOf('payment_card', 'bank'), {
      payment_card: card({ title: 'PaymentCard', description: 'A payment card' }),
      bank,
    });
    expect(lines(diffDocuments('openapi', before, after))).toEqual([]);
  });

  it('a renamed alternative that also gained an optional property is that change inside it, named with its old reference', () => {
    const grown = card();
    (grown.properties as Obj).brand = { type: 'string' };
    const r = diffDocuments(
      'openapi',
      withResponse(anyOf('card', 'bank'), { card: card(), bank }),
      withResponse(anyOf('payment_card', 'bank'), { payment_card: grown, bank }),
    );
    expect(lines(r)).toEqual([
      'info response-optional-property-added #/components/schemas/payment_card | response schema /properties/brand (was #/components/schemas/card)',
    ]);
  });

  it('an alias that points at the same schema is the same alternative (reference chains followed to their target)', () => {
    const schemas = { card: card(), bank, card_alias: { $ref: '#/components/schemas/card' } };
    expect(
      lines(
        diffDocuments(
          'openapi',
          withResponse(anyOf('card', 'bank'), schemas),
          withResponse(anyOf('card_alias', 'bank'), schemas),
        ),
      ),
    ).toEqual([]);
  });

  it('a different alternative stays an added one and the old one a removed one', () => {
    const wallet = { type: 'string', enum: ['apple', 'google'] };
    const r = diffDocuments(
      'openapi',
      withResponse(anyOf('card', 'bank'), { card: card(), bank }),
      withResponse(anyOf('wallet', 'bank'), { wallet, bank }),
    );
    expect(lines(r)).toEqual([
      'error response-body-any-of-added GET /pay | response 200 application/json',
      'info response-body-any-of-removed GET /pay | response 200 application/json',
    ]);
  });

  it('two objects that share too little are not paired by similarity', () => {
    const account = {
      type: 'object',
      required: ['id', 'owner', 'currency'],
      properties: { id: {}, owner: {}, currency: {}, country: {} },
    };
    const r = diffDocuments(
      'openapi',
      withResponse(anyOf('card', 'bank'), { card: card(), bank }),
      withResponse(anyOf('account', 'bank'), { account, bank }),
    );
    expect(r.entries.map((e) => e.rule).sort()).toEqual(['response-body-any-of-added', 'response-body-any-of-removed']);
  });
});

describe('a value wrapped into oneOf alternatives (decision 802)', () => {
  const order = { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } } };
  it('alternatives that may overlap: one breaking change for a request, not an added alternative', () => {
    const r = diffDocuments(
      'openapi',
      withRequest(order),
      withRequest({
        oneOf: [order, { ...order, required: ['sku', 'note'], properties: { ...order.properties, note: {} } }],
      }),
    );
    expect(lines(r)).toContain('error request-body-wrapped-in-one-of POST /pay | request.body application/json');
    expect(r.entries.some((e) => e.rule === 'request-body-one-of-added')).toBe(false);
  });

  it('alternatives of different types, or told apart by a const, do not overlap: an added alternative (info for a request)', () => {
    const byType = diffDocuments('openapi', withRequest(order), withRequest({ oneOf: [order, { type: 'string' }] }));
    expect(lines(byType)).toEqual(['info request-body-one-of-added POST /pay | request.body application/json']);
    const kind = (k: string) => ({
      type: 'object',
      required: ['kind'],
      properties: { kind: { const: k }, sku: { type: 'string' } },
    });
    const tagged = diffDocuments('openapi', withRequest(kind('a')), withRequest({ oneOf: [kind('a'), kind('b')] }));
    expect(tagged.breakingChanges).toBe(0);
  });
});

describe('enum changes name what changed, with counts, never the whole enum (decision 801)', () => {
  const values = Array.from({ length: 637 }, (_, i) => `value_${String(i).padStart(4, '0')}_${'x'.repeat(20)}`);
  const enumOf = (list: string[]) =>
    withResponse({ type: 'object', properties: { kind: { type: 'string', enum: list } } }, {});

  it('one value added to an enum of 637: the value and the sizes, in a short detail', () => {
    const r = diffDocuments('openapi', enumOf(values), enumOf([...values, 'value_new']));
    expect(r.entries).toHaveLength(1);
    expect(r.entries[0]!.detail).toBe("1 enum value added: 'value_new' (637 values before, 638 now)");
    expect(JSON.stringify(r.entries[0]).length).toBeLessThan(400);
  });

  it('many values removed: ten named, the rest counted', () => {
    const r = diffDocuments('openapi', enumOf(values), enumOf(values.slice(0, 600)));
    const detail = r.entries[0]!.detail;
    expect(detail).toMatch(/^37 enum values removed: 'value_0600_x+', .* and 27 more \(637 values before, 600 now\)$/);
    expect(detail.length).toBeLessThan(600);
  });

  it('an enum appearing or dropped entirely: its size and its first ten values', () => {
    const plain = withResponse({ type: 'object', properties: { kind: { type: 'string' } } }, {});
    const became = diffDocuments('openapi', plain, enumOf(values));
    expect(became.entries[0]!.detail).toMatch(
      /^restricted to an enum of 637 values: 'value_0000_x+', .* and 627 more$/,
    );
    const dropped = diffDocuments('openapi', enumOf(values), plain);
    expect(dropped.entries[0]!.detail).toMatch(
      /^enum restriction of 637 values removed \(any value\): .* and 627 more$/,
    );
    for (const e of [...became.entries, ...dropped.entries]) expect(e.detail.length).toBeLessThan(600);
  });
});
