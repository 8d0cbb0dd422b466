/**
 * Media type names of a response that changed without the content changing (decision 804), as
 * oasdiff pairs them: `application/json` → `application/problem+json` is made more specific (a
 * structured syntax suffix naming the old subtype), the reverse more general, and a change of
 * parameters only (`application/json` → `application/json; charset=utf-8`) a rename.
 */
interface MediaTypeName {
  type: string;
  subtype: string;
  suffix: string;
  params: string;
}

function parse(name: string): MediaTypeName | undefined {
  const [essence = '', ...rest] = name.split(';');
  const m = /^\s*([\w.+*-]+)\/([\w.*-]+)(?:\+([\w.-]+))?\s*$/.exec(essence.toLowerCase());
  if (!m) return undefined;
  const params = rest
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .sort()
    .join(';');
  return { type: m[1]!, subtype: m[2]!, suffix: m[3] ?? '', params };
}

/** `specific` names a kind of `general`: the same type, or `application/json` and `application/problem+json`. */
function contains(general: MediaTypeName, specific: MediaTypeName): boolean {
  if (general.type !== specific.type) return false;
  if (general.suffix === '' && specific.suffix !== '' && specific.suffix === general.subtype) return true;
  return general.subtype === specific.subtype && general.suffix === specific.suffix;
}

export interface MediaTypeRename {
  from: string;
  to: string;
  rule:
    | 'response-media-type-name-changed'
    | 'response-media-type-name-specialized'
    | 'response-media-type-name-generalized';
}

/** Pairs removed media types with added ones they are a kind of (or that are a kind of them); the rest stay unpaired. */
export function pairMediaTypes(removed: string[], added: string[]): MediaTypeRename[] {
  const out: MediaTypeRename[] = [];
  const free = new Set(added);
  for (const from of removed) {
    const a = parse(from);
    if (!a) continue;
    for (const to of free) {
      const b = parse(to);
      if (!b) continue;
      const specialized = contains(a, b);
      if (!specialized && !contains(b, a)) continue;
      const rule =
        a.params !== b.params
          ? 'response-media-type-name-changed'
          : specialized
            ? 'response-media-type-name-specialized'
            : 'response-media-type-name-generalized';
      out.push({ from, to, rule });
      free.delete(to);
      break;
    }
  }
  return out;
}
