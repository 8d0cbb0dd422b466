// The stage types and the fields of each one's `config`, as the server validates them (decision 722:
// the editor renders these; the server's 400 `details` put each problem on its field).

export const STAGE_TYPES = ['script', 'approval', 'deploy', 'notify', 'build'] as const;
export type StageType = (typeof STAGE_TYPES)[number];
export const BUILD_ENGINES = ['oci_a', 'oci_b', 'oci_c'] as const;

export interface ConfigField {
  key: string;
  label: string;
  /** `component` and `environment`: a UUID, picked from the catalog or the environments. */
  kind: 'text' | 'textarea' | 'select' | 'checkbox' | 'component' | 'environment';
  required?: boolean | ((config: Record<string, unknown>) => boolean);
  hint?: string;
  options?: readonly string[];
  placeholder?: string;
}

export const STAGE_FIELDS: Record<StageType, ConfigField[]> = {
  script: [
    {
      key: 'command',
      label: 'Command',
      kind: 'textarea',
      required: true,
      hint: 'A shell command, run in the run’s working folder (admins only).',
    },
  ],
  approval: [{ key: 'message', label: 'Message to the approver', kind: 'text' }],
  deploy: [
    {
      key: 'componentId',
      label: 'Component',
      kind: 'component',
      required: true,
      hint: 'Type a name to pick a catalog component, or paste its UUID.',
    },
    { key: 'environmentId', label: 'Environment', kind: 'environment', required: true },
  ],
  notify: [
    { key: 'channel', label: 'Channel', kind: 'text', required: true },
    { key: 'message', label: 'Message', kind: 'text' },
  ],
  build: [
    { key: 'engine', label: 'Build tool', kind: 'select', options: BUILD_ENGINES, hint: 'Default oci_a.' },
    { key: 'dockerfile', label: 'Dockerfile', kind: 'text', placeholder: 'Dockerfile' },
    { key: 'context', label: 'Context', kind: 'text', placeholder: '.' },
    {
      key: 'tag',
      label: 'Tag',
      kind: 'text',
      required: true,
      hint: 'A template: {{version}} and {{commitSha}} are replaced at run time.',
    },
    { key: 'push', label: 'Push the image', kind: 'checkbox' },
    {
      key: 'registry',
      label: 'Registry',
      kind: 'text',
      required: (c) => c.push === true,
      hint: 'host[:port][/path]; required when pushing.',
    },
  ],
};

export const isRequired = (field: ConfigField, config: Record<string, unknown>) =>
  typeof field.required === 'function' ? field.required(config) : field.required === true;

export interface DraftStage {
  /** React key only (stable while ids are edited). */
  key: string;
  id: string;
  name: string;
  type: StageType;
  config: Record<string, unknown>;
}

/** The config a stage of `type` keeps when its type changes: only the fields that type has. */
export function configFor(type: StageType, config: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of STAGE_FIELDS[type]) if (config[f.key] !== undefined) out[f.key] = config[f.key];
  return out;
}

/** The request's stages: order is the position in the form; empty optional text fields left out (server defaults). */
export function toRequestStages(stages: DraftStage[]) {
  return stages.map((s, order) => {
    const config: Record<string, unknown> = {};
    for (const f of STAGE_FIELDS[s.type]) {
      const v = s.config[f.key];
      if (f.kind === 'checkbox') config[f.key] = v === true;
      else if (typeof v === 'string' && v.trim() !== '') config[f.key] = v;
    }
    return { id: s.id.trim(), name: s.name.trim() || s.id.trim(), type: s.type, order, config };
  });
}

/** A stage id for a new stage of `type` not yet used in `stages`. */
export function newStageId(type: StageType, stages: { id: string }[]): string {
  const used = new Set(stages.map((s) => s.id));
  for (let i = 1; ; i++) if (!used.has(`${type}-${i}`)) return `${type}-${i}`;
}
