import { describe, expect, it } from 'vitest';
import { fieldError, FieldsError, formError, unwrapFields } from './field-errors';

const failed = (status: number, error: unknown) => ({ error, response: new Response(null, { status }) });

describe('field errors (decision 782)', () => {
  it('passes a 2xx answer through', () => {
    expect(unwrapFields({ data: { id: 1 }, response: new Response(null, { status: 200 }) })).toEqual({ id: 1 });
  });

  it('keeps the 400 details by field, the first problem of a field winning', () => {
    let error: unknown;
    try {
      unwrapFields(
        failed(400, {
          message: 'Invalid body',
          details: [
            { field: 'stages[0].config.tag', problem: 'is required' },
            { field: 'stages[0].config.tag', problem: 'later' },
            { field: 'name', problem: 'must be 2 to 100 characters' },
            { field: 7, problem: 'not a field' },
          ],
        }),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FieldsError);
    expect((error as FieldsError).status).toBe(400);
    expect((error as FieldsError).details).toHaveLength(3);
    expect(fieldError(error, 'stages[0].config.tag')).toBe('is required');
    expect(fieldError(error, 'name')).toBe('must be 2 to 100 characters');
    expect(fieldError(error, 'slug')).toBeUndefined();
    expect(formError(error)).toBe('Correct the fields marked below.');
  });

  it('says the server message when no field carries the problem', () => {
    expect(() => unwrapFields(failed(409, { message: 'Slug taken' }))).toThrow('Slug taken');
    expect(formError(new FieldsError(409, 'Slug taken', []))).toBe('Slug taken');
    expect(() => unwrapFields(failed(502, undefined))).toThrow('The server answered 502');
    expect(formError(undefined)).toBeUndefined();
    expect(fieldError(new Error('x'), 'name')).toBeUndefined();
  });

  it("says Hangar could not be reached, not the browser's words, when no answer came", () => {
    expect(formError(new TypeError('Failed to fetch'))).toBe(
      'Hangar could not be reached. Check your network connection, then try again.',
    );
  });
});
