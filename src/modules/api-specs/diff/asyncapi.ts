import { isObj, type Obj, RefResolver, refTokens } from '../spec/index.js';
import type { DiffContext } from './context.js';
import { type Dir, SchemaComparer } from './schema.js';
import { Unchanged } from './unchanged.js';

/**
 * AsyncAPI 2.x and 3.x: channels (by key, decision 608), operations and their messages, message
 * payloads as JSON Schemas. Direction is the client's view: a message clients receive (2.x
 * `subscribe`, 3.x `send`) follows the response rules, one they send (2.x `publish`, 3.x `receive`)
 * the request rules.
 */
interface Side {
  doc: Obj;
  refs: RefResolver;
}

/** Messages of an operation or channel, by name: `name`, `messageId`, the `$ref`'s last token, or the map key. */
function messages(side: Side, value: unknown): Map<string, Obj> {
  const out = new Map<string, Obj>();
  const addOne = (raw: unknown, fallback: string) => {
    const m = side.refs.obj(raw);
    const ref = isObj(raw) && typeof raw.$ref === 'string' ? refTokens(raw.$ref)?.at(-1) : undefined;
    const name =
      typeof m.messageId === 'string' ? m.messageId : typeof m.name === 'string' ? m.name : (ref ?? fallback);
    out.set(name, m);
  };
  const v = side.refs.deref(value);
  if (Array.isArray(v)) v.forEach((m, i) => addOne(m, `#${i}`));
  else if (isObj(v)) {
    const oneOf = Array.isArray(v.oneOf) ? v.oneOf : undefined;
    if (oneOf) oneOf.forEach((m, i) => addOne(m, `#${i}`));
    else if (v.payload !== undefined || v.headers !== undefined || v.name !== undefined || v.messageId !== undefined)
      addOne(value, 'message');
    else for (const [k, m] of Object.entries(v)) addOne(m, k);
  }
  return out;
}

function diffMessages(
  ctx: DiffContext,
  schemas: SchemaComparer,
  o: Side,
  n: Side,
  oMsgs: unknown,
  nMsgs: unknown,
  path: string,
  location: string,
  dir: Dir,
  payloads = true,
) {
  const a = messages(o, oMsgs);
  const b = messages(n, nMsgs);
  for (const [name, m] of a) {
    const at = `${location} message ${name}`;
    const now = b.get(name);
    if (!now) {
      ctx.add('asyncapi-message-removed', path, at, `message '${name}' removed`);
      continue;
    }
    if (payloads)
      ctx.addSchemaChanges(schemas.compare(m.payload, now.payload, dir, 'body'), path, `${at} payload`, 'body', dir);
  }
  for (const name of b.keys())
    if (!a.has(name)) ctx.add('asyncapi-message-added', path, `${location} message ${name}`, `message '${name}' added`);
}

export function diffAsyncApi(ctx: DiffContext, oldDoc: Obj, newDoc: Obj): SchemaComparer {
  const o: Side = { doc: oldDoc, refs: new RefResolver(oldDoc) };
  const n: Side = { doc: newDoc, refs: new RefResolver(newDoc) };
  const schemas = new SchemaComparer(o.refs, n.refs, new Unchanged(o.refs, n.refs), () => ctx.tick());
  const oCh = o.refs.obj(oldDoc.channels);
  const nCh = n.refs.obj(newDoc.channels);
  const v3 = (d: Obj) => String(d.asyncapi).startsWith('3');
  const usedChannels = new Set<string>();
  if (v3(oldDoc) && v3(newDoc)) {
    for (const side of [o, n])
      for (const op of Object.values(side.refs.obj(side.doc.operations)))
        usedChannels.add(channelKey(side.refs.obj(op)));
  }
  for (const key of Object.keys(oCh)) {
    if (!Object.hasOwn(nCh, key)) {
      ctx.add('channel-removed', key, 'channel', `channel '${key}' removed`);
      continue;
    }
    const a = o.refs.obj(oCh[key]);
    const b = n.refs.obj(nCh[key]);
    if (v3(oldDoc) && v3(newDoc)) {
      if (a.address !== b.address)
        ctx.add(
          'channel-address-changed',
          key,
          'channel',
          `address changed from ${JSON.stringify(a.address ?? null)} to ${JSON.stringify(b.address ?? null)}`,
        );
      // A 3.x channel has no direction: the operations using it do (send or receive). Their payload
      // changes are judged there, with the operation's direction; judging them here again (as
      // received) would report a loosened payload that clients send as breaking. Payloads of a
      // channel no operation uses are compared as received by clients.
      const used = usedChannels.has(key);
      diffMessages(ctx, schemas, o, n, a.messages, b.messages, key, 'channel', 'response', !used);
    } else if (!v3(oldDoc) && !v3(newDoc)) {
      for (const [action, dir] of [
        ['subscribe', 'response'],
        ['publish', 'request'],
      ] as const) {
        const oo = a[action];
        const no = b[action];
        const path = `${action.toUpperCase()} ${key}`;
        if (isObj(oo) && !isObj(no))
          ctx.add('asyncapi-operation-removed', path, 'operation', `${action} operation of '${key}' removed`);
        else if (!isObj(oo) && isObj(no))
          ctx.add('asyncapi-operation-added', path, 'operation', `${action} operation of '${key}' added`);
        else if (isObj(oo) && isObj(no))
          diffMessages(ctx, schemas, o, n, oo.message, no.message, path, 'operation', dir);
      }
    }
  }
  for (const key of Object.keys(nCh))
    if (!Object.hasOwn(oCh, key)) ctx.add('channel-added', key, 'channel', `channel '${key}' added`);
  if (v3(oldDoc) && v3(newDoc)) diffOperations3(ctx, schemas, o, n);
  return schemas;
}

/** The channel key an AsyncAPI 3 operation points at (`$ref: '#/channels/orderCreated'`). */
const channelKey = (op: Obj) =>
  isObj(op.channel) && typeof op.channel.$ref === 'string' ? (refTokens(op.channel.$ref)?.[1] ?? '') : '';

function diffOperations3(ctx: DiffContext, schemas: SchemaComparer, o: Side, n: Side) {
  const a = o.refs.obj(o.doc.operations);
  const b = n.refs.obj(n.doc.operations);
  for (const key of Object.keys(a)) {
    const oo = o.refs.obj(a[key]);
    const path = `${String(oo.action ?? '').toUpperCase()} ${key}`.trim();
    if (!Object.hasOwn(b, key)) {
      ctx.add('asyncapi-operation-removed', path, 'operation', `operation '${key}' removed`);
      continue;
    }
    const no = n.refs.obj(b[key]);
    if (oo.action !== no.action)
      ctx.add(
        'asyncapi-operation-action-changed',
        path,
        'operation',
        `action changed from ${String(oo.action)} to ${String(no.action)}`,
      );
    if (channelKey(oo) !== channelKey(no))
      ctx.add(
        'asyncapi-operation-channel-changed',
        path,
        'operation',
        `channel changed from '${channelKey(oo)}' to '${channelKey(no)}'`,
      );
    const dir: Dir = no.action === 'receive' ? 'request' : 'response';
    diffMessages(ctx, schemas, o, n, oo.messages, no.messages, path, `operation ${key}`, dir);
  }
  for (const key of Object.keys(b)) {
    if (Object.hasOwn(a, key)) continue;
    const no = n.refs.obj(b[key]);
    ctx.add(
      'asyncapi-operation-added',
      `${String(no.action ?? '').toUpperCase()} ${key}`.trim(),
      'operation',
      `operation '${key}' added`,
    );
  }
}
