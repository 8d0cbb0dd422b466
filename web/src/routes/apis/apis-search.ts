// URL state of the API list and the API page, validated (pure, unit-tested with the entity page's).

/** The spec selection on an API's page and on an entity's APIs tab. */
export interface SpecSearch {
  spec?: string;
  compare?: string;
  view?: 'reference' | 'diff' | 'consumers';
}

export interface ApiListSearch {
  q?: string;
  lifecycle?: string;
  page?: number;
}

export function parseApiListSearch(raw: Record<string, unknown>): ApiListSearch {
  const out: ApiListSearch = {};
  if (typeof raw.q === 'string' && raw.q.trim() && raw.q.length <= 200) out.q = raw.q.trim();
  if (typeof raw.lifecycle === 'string' && /^[a-z][a-z0-9-]{0,39}$/.test(raw.lifecycle)) out.lifecycle = raw.lifecycle;
  const page = Number(raw.page);
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

const ID = /^[0-9a-fA-F-]{36}$/;
export function parseSpecSearch(raw: Record<string, unknown>): SpecSearch {
  const out: SpecSearch = {};
  if (typeof raw.spec === 'string' && ID.test(raw.spec)) out.spec = raw.spec;
  if (typeof raw.compare === 'string' && ID.test(raw.compare)) out.compare = raw.compare;
  if (raw.view === 'diff' || raw.view === 'consumers' || raw.view === 'reference') out.view = raw.view;
  return out;
}
