/**
 * Turns an OPA decision into `{allowed, violations}` (decision 617):
 * a boolean is `allowed`; an object gives `allowed` from `allow`/`allowed` and violations from
 * `deny`/`violations`/`violation` (strings, or objects' `msg`); an undefined result is not allowed.
 */
export interface Decision {
  allowed: boolean;
  violations: string[];
}

export function interpretDecision(policyPath: string, defined: boolean, result: unknown): Decision {
  if (!defined || result === undefined || result === null) {
    return { allowed: false, violations: [`policy ${policyPath} is undefined: it produced no result for this input`] };
  }
  if (typeof result === 'boolean') return { allowed: result, violations: [] };
  if (typeof result !== 'object' || Array.isArray(result)) {
    return {
      allowed: false,
      violations: [`policy ${policyPath} produced a result that is neither a boolean nor an object`],
    };
  }
  const obj = result as Record<string, unknown>;
  const violations = [...messages(obj.deny), ...messages(obj.violations), ...messages(obj.violation)];
  const flag = typeof obj.allow === 'boolean' ? obj.allow : typeof obj.allowed === 'boolean' ? obj.allowed : undefined;
  // No explicit flag: the decision is "allowed unless something was denied".
  return { allowed: flag ?? violations.length === 0, violations };
}

/** Partial rules come back as arrays (sets) or, for object rules, as maps: accept all of them. */
function messages(value: unknown): string[] {
  if (value === undefined || value === null || value === false) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messageOf);
  if (typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if ('msg' in obj) return messageOf(obj);
    return Object.entries(obj).flatMap(([key, v]) => (v === true ? [key] : messageOf(v)));
  }
  return [String(value)];
}

function messageOf(item: unknown): string[] {
  if (item === undefined || item === null) return [];
  if (typeof item === 'string') return [item];
  if (typeof item === 'object' && !Array.isArray(item)) {
    const msg = (item as Record<string, unknown>).msg ?? (item as Record<string, unknown>).message;
    return [typeof msg === 'string' ? msg : JSON.stringify(item)];
  }
  return [typeof item === 'object' ? JSON.stringify(item) : String(item)];
}

/** `a.b.c`, `a/b/c`, `/a/b`, `data.a.b` -> `a/b/c`; null when it names no rule (empty, `..`, odd characters). */
export function normalisePolicyPath(raw: string): string | null {
  let path = raw.trim().replace(/^\/+|\/+$/g, '');
  if (path.startsWith('v1/data/')) path = path.slice('v1/data/'.length);
  const parts = path.split(/[./]/);
  if (parts[0] === 'data') parts.shift();
  if (parts.length === 0 || parts.some((p) => !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(p))) return null;
  return parts.join('/');
}
