// The scaffold form's rules, pure and unit-tested: a value checked as the user types (required,
// pattern), the body sent, whether a preview still shows the current values, and a 400's details
// mapped to the fields they name.

export interface VariableDef {
  key: string;
  label: string;
  description: string;
  default: string;
  required: boolean;
  pattern?: string;
}

export const TARGET_FIELD = 'targetRepository';

/** The form's values: the target repository and one string per variable (its default to start with). */
export interface FormValues {
  targetRepository: string;
  variables: Record<string, string>;
}

export function initialValues(
  defs: VariableDef[],
  seed?: { targetRepository: string; variables: Record<string, string> },
): FormValues {
  return {
    targetRepository: seed?.targetRepository ?? '',
    variables: Object.fromEntries(defs.map((d) => [d.key, seed?.variables[d.key] ?? d.default])),
  };
}

const compiled = new Map<string, RegExp | null>();
/**
 * The pattern as a JavaScript RegExp. The server runs RE2, whose syntax JavaScript reads the same
 * way; a pattern JavaScript cannot compile is left to the server (null: no check here).
 */
function regexOf(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    compiled.set(pattern, re);
  }
  return compiled.get(pattern)!;
}

/** What is wrong with a variable's value, in the words the form shows; undefined when it is fine. */
export function checkVariable(def: VariableDef, value: string): string | undefined {
  // Like the server: an empty value takes the default, so it is missing only when there is none.
  if (value === '') return def.required && def.default === '' ? `${def.label || def.key} is required` : undefined;
  if (value.length > 1000) return 'At most 1,000 characters';
  if (def.pattern) {
    const re = regexOf(def.pattern);
    if (re && !re.test(value)) return `Must match ${def.pattern}`;
  }
  return undefined;
}

export function checkTarget(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'A target repository is required';
  if (/\s/.test(v)) return 'A repository URL has no spaces';
  if (v.length > 2048) return 'At most 2,048 characters';
  return undefined;
}

/** Every field's problem, keyed `targetRepository` or `variables.<KEY>` (the server's field names). */
export function checkAll(defs: VariableDef[], values: FormValues): Record<string, string> {
  const out: Record<string, string> = {};
  const target = checkTarget(values.targetRepository);
  if (target) out[TARGET_FIELD] = target;
  for (const d of defs) {
    const problem = checkVariable(d, values.variables[d.key] ?? '');
    if (problem) out[`variables.${d.key}`] = problem;
  }
  return out;
}

/** The request body's fields: empty values left out (the server then uses the default). */
export function toBody(defs: VariableDef[], values: FormValues) {
  const variables: Record<string, string> = {};
  for (const d of defs) {
    const v = values.variables[d.key] ?? '';
    if (v !== '') variables[d.key] = v;
  }
  return { targetRepository: values.targetRepository.trim(), variables };
}

/**
 * Whether a dry run was made with the values now in the form: its stored variables are the values it
 * rendered with (defaults filled in), so an empty field counts as its default.
 */
export function previewMatches(
  defs: VariableDef[],
  values: FormValues,
  preview: { targetRepository: string; variables: Record<string, string> },
): boolean {
  if (preview.targetRepository !== values.targetRepository.trim()) return false;
  return defs.every((d) => {
    const v = values.variables[d.key] ?? '';
    return (v === '' ? d.default : v) === (preview.variables[d.key] ?? '');
  });
}

/** A 400's details by field; a detail naming no field of the form goes to the form-level message. */
export function errorsFromDetails(
  defs: VariableDef[],
  details: { field: string; problem: string }[],
): { fields: Record<string, string>; other: string[] } {
  const known = new Set([TARGET_FIELD, ...defs.map((d) => `variables.${d.key}`)]);
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const { field, problem } of details) {
    // The server's envelope words a detail as "<field> <problem>"; the field's own label says the first part.
    if (known.has(field)) fields[field] ??= problem.charAt(0).toUpperCase() + problem.slice(1);
    else other.push(`${field} ${problem}`);
  }
  return { fields, other };
}

export interface TreeNode {
  name: string;
  /** The file's path; absent for a folder. */
  path?: string;
  children: TreeNode[];
}

/** Case-insensitive, then by code unit: the same order in every locale. */
const byName = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
};

/** The rendered paths as a tree: folders first, then files, each sorted by name. */
export function fileTree(paths: string[]): TreeNode[] {
  const root: TreeNode = { name: '', children: [] };
  for (const path of paths) {
    const parts = path.split('/');
    let node = root;
    parts.forEach((part, i) => {
      const isFile = i === parts.length - 1;
      let child = node.children.find((c) => c.name === part && (c.path === undefined) === !isFile);
      if (!child) {
        child = isFile ? { name: part, path, children: [] } : { name: part, children: [] };
        node.children.push(child);
      }
      node = child;
    });
  }
  const sort = (n: TreeNode) => {
    n.children.sort((a, b) =>
      (a.path === undefined) !== (b.path === undefined) ? (a.path === undefined ? -1 : 1) : byName(a.name, b.name),
    );
    n.children.forEach(sort);
  };
  sort(root);
  return root.children;
}
