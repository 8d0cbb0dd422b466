// URL state of the IaC pages, validated (decision 147). Pure, unit-tested.

export const PROVIDERS = [
  'cloud_a',
  'cloud_b',
  'cloud_c',
  'orchestrator',
  'docdb',
  'sqldb_a',
  'sqldb_b',
  'codehost',
  'edge_network',
  'generic',
] as const;
export const ENGINES = ['engine_a', 'engine_b', 'engine_c'] as const;
export type Provider = (typeof PROVIDERS)[number];
export type Engine = (typeof ENGINES)[number];

const text = (value: unknown, max = 200): string | undefined => {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
};
const page = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n > 1 && n <= 1_000_000 ? n : undefined;
};

export interface StacksSearch {
  environment?: string;
}
export function parseStacksSearch(raw: Record<string, unknown>): StacksSearch {
  const environment = text(raw.environment, 100);
  return environment ? { environment } : {};
}

export const STACK_VIEWS = ['runs', 'topology'] as const;
export interface StackSearch {
  view?: (typeof STACK_VIEWS)[number];
  page?: number;
  /** The selected resource of the topology (its address). */
  node?: string;
}
export function parseStackSearch(raw: Record<string, unknown>): StackSearch {
  const out: StackSearch = {};
  if (STACK_VIEWS.includes(raw.view as never) && raw.view !== 'runs') out.view = raw.view as StackSearch['view'];
  const p = page(raw.page);
  if (p) out.page = p;
  const node = text(raw.node, 1024);
  if (node) out.node = node;
  return out;
}

export interface ModulesSearch {
  q?: string;
  provider?: Provider;
  engine?: Engine;
}
export function parseModulesSearch(raw: Record<string, unknown>): ModulesSearch {
  const out: ModulesSearch = {};
  const q = text(raw.q, 200);
  if (q) out.q = q;
  if (PROVIDERS.includes(raw.provider as Provider)) out.provider = raw.provider as Provider;
  if (ENGINES.includes(raw.engine as Engine)) out.engine = raw.engine as Engine;
  return out;
}

export interface ModuleSearch {
  version?: string;
}
export function parseModuleSearch(raw: Record<string, unknown>): ModuleSearch {
  const version = text(raw.version, 100);
  return version ? { version } : {};
}
