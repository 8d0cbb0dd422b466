// Pure logic of the component forms (create, edit) and of the YAML registration's problems (decision 706).
import type { ComponentBody, ComponentKind, ComponentPatch } from './queries';

/** What the form holds: every field a string, as typed. */
export interface ComponentFormValues {
  name: string;
  kind: ComponentKind;
  title: string;
  owner: string;
  lifecycle: string;
  description: string;
  tags: string;
  gitopsApp: string;
}

export const EMPTY_FORM: ComponentFormValues = {
  name: '',
  kind: 'service',
  title: '',
  owner: '',
  lifecycle: '',
  description: '',
  tags: '',
  gitopsApp: '',
};

/** Tags typed as "a, b  c": split on commas and spaces, lower-cased, without duplicates. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** The form's values of an existing component. */
export function formOf(c: {
  name: string;
  kind: string;
  title: string | null;
  owner: string | null;
  lifecycle: string | null;
  description: string | null;
  tags: string[];
  gitopsApp: string | null;
}): ComponentFormValues {
  return {
    name: c.name,
    kind: c.kind as ComponentKind,
    title: c.title ?? '',
    owner: c.owner ?? '',
    lifecycle: c.lifecycle ?? '',
    description: c.description ?? '',
    tags: c.tags.join(', '),
    gitopsApp: c.gitopsApp ?? '',
  };
}

/** The create body: blank optional fields are left out (the server applies its defaults). */
export function createBody(v: ComponentFormValues): ComponentBody {
  const text = (s: string) => s.trim() || undefined;
  const tags = parseTags(v.tags);
  return {
    name: v.name.trim(),
    kind: v.kind,
    title: text(v.title),
    owner: text(v.owner),
    lifecycle: text(v.lifecycle),
    description: text(v.description),
    tags: tags.length ? tags : undefined,
    gitopsApp: text(v.gitopsApp),
  };
}

/**
 * The PATCH body: only the fields that changed; a cleared nullable field is sent as null (removes it),
 * a cleared lifecycle is left out (it cannot be null). Empty when nothing changed.
 */
export function patchBody(before: ComponentFormValues, after: ComponentFormValues): ComponentPatch {
  const patch: ComponentPatch = {};
  const nullable = ['title', 'owner', 'description', 'gitopsApp'] as const;
  if (after.name.trim() !== before.name.trim()) patch.name = after.name.trim();
  if (after.kind !== before.kind) patch.kind = after.kind;
  for (const f of nullable) if (after[f].trim() !== before[f].trim()) patch[f] = after[f].trim() || null;
  if (after.lifecycle.trim() !== before.lifecycle.trim() && after.lifecycle.trim())
    patch.lifecycle = after.lifecycle.trim();
  const tags = parseTags(after.tags);
  if ([...tags].sort().join(',') !== parseTags(before.tags).sort().join(',')) patch.tags = tags;
  return patch;
}

export interface DocumentProblem {
  /** 1-based document index; null for a problem of the whole text. */
  document: number | null;
  message: string;
}

/** The server refuses the whole YAML with "document N: problem"; split that into the document and its problem. */
export function documentProblem(message: string): DocumentProblem {
  const m = /^document (\d+): (.+)$/s.exec(message.trim());
  return m ? { document: Number(m[1]), message: m[2]! } : { document: null, message };
}
