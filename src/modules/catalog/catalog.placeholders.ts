import { parse } from 'yaml';

/** Reads the text a placeholder points at; rejects what lies outside the repository. */
export type PlaceholderReader = (kind: PlaceholderKind, target: string) => Promise<string>;
export type PlaceholderKind = '$text' | '$json' | '$yaml';

const KINDS = new Set<string>(['$text', '$json', '$yaml']);
const MAX_DEPTH = 32;

function placeholderOf(value: unknown): { kind: PlaceholderKind; target: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !KINDS.has(keys[0]!)) return undefined;
  const target = (value as Record<string, unknown>)[keys[0]!];
  return typeof target === 'string' ? { kind: keys[0] as PlaceholderKind, target } : undefined;
}

/**
 * Replaces Backstage placeholders (`{$text: ./file}`, `$json`, `$yaml`) in place, as Backstage's
 * placeholder processor does. One that cannot be read is removed and its reason added to `warnings`:
 * the entity is still kept, without that value.
 */
export async function resolvePlaceholders(
  node: unknown,
  read: PlaceholderReader,
  warnings: string[],
  depth = 0,
): Promise<void> {
  if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
  const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
  for (const [key, value] of entries) {
    const placeholder = placeholderOf(value);
    if (!placeholder) {
      await resolvePlaceholders(value, read, warnings, depth + 1);
      continue;
    }
    try {
      const text = await read(placeholder.kind, placeholder.target);
      let resolved: unknown = text;
      if (placeholder.kind === '$json') resolved = JSON.parse(text);
      else if (placeholder.kind === '$yaml') resolved = parse(text, { maxAliasCount: 100 });
      (node as Record<string | number, unknown>)[key] = resolved;
    } catch (err) {
      warnings.push(
        `${placeholder.kind} ${placeholder.target.slice(0, 300)}: ${(err instanceof Error ? err.message : String(err)).split('\n')[0]}`,
      );
      if (Array.isArray(node)) node[key as number] = null;
      else delete (node as Record<string, unknown>)[key as string];
    }
  }
}
