/**
 * How deep a JSON body may nest. Free-form fields (metadata, widget config, spec documents) are
 * walked recursively by validation, serialisation and the database driver; 5,000 levels overflow the
 * stack there (a 500). Real documents stay far below: large OpenAPI specs nest a few dozen levels.
 */
export const MAX_JSON_DEPTH = 256;

/** Whether `value` nests objects/arrays deeper than `max` levels; iterative, so itself stack-safe. */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (!value || typeof value !== 'object') return false;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (depth > max) return true;
    const children = Array.isArray(v) ? v : Object.values(v as object);
    for (const child of children) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}
