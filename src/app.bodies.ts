import formbody from '@fastify/formbody';
import secureJson from 'secure-json-parse';
import { Invalid } from './kernel/errors.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './kernel/json-depth.js';
import type { App } from './kernel/types.js';

function containsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** The request bodies the API reads: JSON, and form bodies for CI webhooks. */
export async function registerBodyParsers(app: App, maxBodyBytes: number) {
  // Bodies: JSON (an empty body is "no body", as clients send with DELETE or action POSTs).
  // JSON is the API's only body type (form bodies for CI webhooks): text/plain is a 415 like any other.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    } catch {
      return done(new Invalid('Malformed JSON body'), undefined);
    }
    // PostgreSQL text cannot hold NUL: refuse it here once, rather than as an insert failure anywhere.
    if (text.includes('\\u0000') && containsNul(parsed))
      return done(new Invalid('Strings may not contain NUL characters'), undefined);
    if (jsonTooDeep(parsed))
      return done(new Invalid(`JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    done(null, parsed);
  });
  await app.register(formbody, { bodyLimit: maxBodyBytes });
}
