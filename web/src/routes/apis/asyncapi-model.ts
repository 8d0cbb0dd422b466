// Reads an AsyncAPI 2.x or 3.x document into channels → operations → messages for the view. Local
// `$ref`s (`#/components/...`, `#/channels/...`) are resolved; a cycle or a remote ref stays a `$ref`.
// Pure, unit-tested.

export interface AsyncMessage {
  name: string;
  summary?: string;
  contentType?: string;
  payload: unknown;
}
export interface AsyncOperation {
  id: string;
  action: string;
  summary?: string;
  messages: AsyncMessage[];
}
export interface AsyncChannel {
  name: string;
  address: string;
  description?: string;
  operations: AsyncOperation[];
}
export interface AsyncApiModel {
  asyncapi: string;
  title: string;
  version: string;
  description?: string;
  servers: { name: string; url: string; protocol: string }[];
  channels: AsyncChannel[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const s = (v: unknown) => (typeof v === 'string' ? v : undefined);

function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let cur: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObj(cur) && !Array.isArray(cur)) return undefined;
    cur = (cur as Obj)[key];
  }
  return cur;
}

/** Resolves local refs recursively (depth and cycles bounded), leaving anything else as it is. */
export function derefLocal(doc: unknown, value: unknown, seen: ReadonlySet<string> = new Set(), depth = 0): unknown {
  if (depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => derefLocal(doc, v, seen, depth + 1));
  if (!isObj(value)) return value;
  const ref = s(value.$ref);
  if (ref) {
    if (seen.has(ref)) return { $ref: ref };
    const target = pointer(doc, ref);
    return target === undefined ? value : derefLocal(doc, target, new Set([...seen, ref]), depth + 1);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, derefLocal(doc, v, seen, depth + 1)]));
}

function messagesOf(doc: unknown, raw: unknown, fallbackName: string): AsyncMessage[] {
  const resolved = derefLocal(doc, raw);
  const list = Array.isArray(resolved)
    ? resolved
    : isObj(resolved) && Array.isArray(resolved.oneOf)
      ? resolved.oneOf
      : isObj(resolved) && !('payload' in resolved) && !('name' in resolved) && Object.values(resolved).every(isObj)
        ? Object.values(resolved)
        : resolved
          ? [resolved]
          : [];
  return list.filter(isObj).map((m, i) => ({
    name: s(m.name) ?? s(m.title) ?? `${fallbackName}${list.length > 1 ? ` #${i + 1}` : ''}`,
    summary: s(m.summary),
    contentType: s(m.contentType),
    payload: m.payload ?? null,
  }));
}

export function readAsyncApi(doc: unknown): AsyncApiModel {
  if (!isObj(doc) || typeof doc.asyncapi !== 'string')
    throw new Error('Not an AsyncAPI document: the asyncapi field is missing');
  const info = isObj(doc.info) ? doc.info : {};
  const servers = Object.entries(isObj(doc.servers) ? doc.servers : {}).map(([name, raw]) => {
    const srv = isObj(raw) ? raw : {};
    return { name, url: s(srv.url) ?? `${s(srv.host) ?? ''}${s(srv.pathname) ?? ''}`, protocol: s(srv.protocol) ?? '' };
  });
  const channelsRaw = isObj(doc.channels) ? doc.channels : {};
  const v3 = doc.asyncapi.startsWith('3.');
  const channels: AsyncChannel[] = Object.entries(channelsRaw).map(([name, raw]) => {
    const ch = isObj(raw) ? raw : {};
    const operations: AsyncOperation[] = [];
    if (!v3) {
      for (const action of ['publish', 'subscribe'] as const) {
        const op = derefLocal(doc, ch[action]);
        if (isObj(op))
          operations.push({
            id: s(op.operationId) ?? `${action} ${name}`,
            action,
            summary: s(op.summary),
            messages: messagesOf(doc, op.message, name),
          });
      }
    }
    return { name, address: v3 ? (s(ch.address) ?? name) : name, description: s(ch.description), operations };
  });
  if (v3 && isObj(doc.operations)) {
    for (const [id, raw] of Object.entries(doc.operations)) {
      const op = isObj(raw) ? raw : {};
      const channelRef = isObj(op.channel) ? s(op.channel.$ref) : undefined;
      const channelName = channelRef?.startsWith('#/channels/')
        ? decodeURIComponent(channelRef.slice('#/channels/'.length)).replaceAll('~1', '/')
        : undefined;
      const channel = channels.find((c) => c.name === channelName);
      const channelMessages = channel ? (channelsRaw[channel.name] as Obj | undefined)?.messages : undefined;
      const messages = messagesOf(doc, op.messages ?? channelMessages, id);
      const entry = { id, action: s(op.action) ?? 'operation', summary: s(op.summary) ?? s(op.title), messages };
      if (channel) channel.operations.push(entry);
      else channels.push({ name: channelName ?? id, address: channelName ?? id, operations: [entry] });
    }
  }
  return {
    asyncapi: doc.asyncapi,
    title: s(info.title) ?? 'Untitled API',
    version: s(info.version) ?? '',
    description: s(info.description),
    servers,
    channels: channels.sort((a, b) => a.address.localeCompare(b.address)),
  };
}
