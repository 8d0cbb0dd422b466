/**
 * Post-processing of the generated OpenAPI document, one pure function over the whole document:
 * - every operation gets a stable camelCase `operationId` (a route's own explicit one wins);
 * - query parameters that have a default are optional (TypeBox lists them as required because Ajv
 *   fills the default in; a client need not send them);
 * - public operations say so with `security: []`.
 * Run at document generation, when every route is known, so ids can be made unique deterministically.
 */
type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

/** Enough of English plurals for resource names (components, policies, indices, statuses, runs). */
export function singular(word: string): string {
  if (/ies$/i.test(word)) return word.slice(0, -3) + 'y';
  if (/(ss|us)$/i.test(word)) return word;
  if (/(ses|xes|ches|shes)$/i.test(word)) return word.slice(0, -2);
  if (/s$/i.test(word) && !/(data|metrics|status)$/i.test(word)) return word.slice(0, -1);
  return word;
}

interface RouteShape {
  method: string;
  /** Segments after `/api/v1` (or the whole path for other routes); parameters as `{name}`. */
  segments: string[];
  path: string;
}

const isParam = (seg: string) => seg.startsWith('{');

/**
 * Names for routes whose path does not say what they do in the usual collection/item shape. New
 * routes set `operationId` in their own schema instead.
 */
const NAMED: Record<string, string> = {
  'get /health': 'getLiveness',
  'get /health/ready': 'getReadiness',
  'post /api/v1/auth/register': 'register',
  'post /api/v1/auth/login': 'login',
  'post /api/v1/auth/refresh': 'refreshToken',
  'patch /api/v1/auth/users/{id}/roles': 'setUserRoles',
  'get /api/v1/iac/dashboard': 'getIacDashboard',
  'get /api/v1/iac/module-drift': 'listModuleDrift',
  'post /api/v1/iac/stacks/{id}/resources/ingest': 'ingestStackResources',
  'get /api/v1/iac-modules/component/{componentId}': 'listComponentIacModules',
  'post /api/v1/iac-modules/{id}/link-component': 'linkIacModuleComponent',
  'delete /api/v1/iac-modules/{id}/unlink-component': 'unlinkIacModuleComponent',
  'get /api/v1/api-specs/{id}/diff': 'getApiSpecDiff',
  'post /api/v1/incidents/{id}/updates': 'createIncidentUpdate',
  'patch /api/v1/incidents/{id}/status': 'setIncidentStatus',
  'post /api/v1/post-mortems': 'createPostMortem',
  'get /api/v1/post-mortems/by-incident/{incidentId}': 'getIncidentPostMortem',
  'patch /api/v1/post-mortems/{id}/approve': 'approvePostMortem',
  'post /api/v1/dashboards/{id}/widgets': 'createDashboardWidget',
  'get /api/v1/dashboards/{dashboardId}/widgets/{widgetId}/data': 'getWidgetData',
  'patch /api/v1/organizations/{id}/members/{userId}/role': 'setOrganizationMemberRole',
  'post /api/v1/organizations/{id}/members': 'addOrganizationMember',
  'delete /api/v1/organizations/{id}/members/{userId}': 'removeOrganizationMember',
  'post /api/v1/teams/{id}/members/{userId}': 'addTeamMember',
  'delete /api/v1/teams/{id}/members/{userId}': 'removeTeamMember',
  'post /api/v1/service-templates/{id}/scaffold': 'scaffoldFromTemplate',
  'post /api/v1/service-templates/{id}/scaffold/dry-run': 'dryRunScaffold',
  'get /api/v1/catalog/components/{id}': 'getComponent',
  'post /api/v1/catalog/register-yaml': 'registerCatalogYaml',
  'post /api/v1/catalog/locations': 'registerCatalogLocation',
};

/** The operation id a route would get from its method and path, given the set of all GET paths. */
export function deriveOperationId(route: RouteShape, getPaths: Set<string>): string {
  const { method, segments, path } = route;
  const statics = segments.filter((s) => !isParam(s));
  const last = segments[segments.length - 1] ?? 'root';
  const isItem = isParam(last);
  const resource = statics[statics.length - 1] ?? 'root';
  // The owning resource of a nested one: the static segment right before the parameter that precedes it.
  const idx = segments.lastIndexOf(resource);
  const parent = idx >= 2 && isParam(segments[idx - 1]!) ? singular(segments[idx - 2]!) : '';
  const P = pascal(parent);
  if (method === 'get') return isItem ? `get${P}${pascal(singular(resource))}` : `list${P}${pascal(resource)}`;
  if (method === 'delete') return `delete${P}${pascal(singular(resource))}`;
  if (method === 'patch' || method === 'put')
    return `${method === 'put' ? 'replace' : 'update'}${P}${pascal(singular(resource))}`;
  // POST: a collection (it has a GET list beside it, or is a plain plural) is a create; anything else an action.
  if (isItem) return `create${P}${pascal(singular(resource))}`;
  if (getPaths.has(path) && resource !== singular(resource)) return `create${P}${pascal(singular(resource))}`;
  const owner = segments.length >= 2 ? segments[segments.length - 2]! : '';
  const target = isParam(owner) ? (segments[segments.length - 3] ?? '') : owner;
  const action = pascal(resource);
  return `${action[0]!.toLowerCase()}${action.slice(1)}${pascal(singular(target))}`;
}

function routesOf(doc: Json): (RouteShape & { op: Json })[] {
  const out: (RouteShape & { op: Json })[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    const rel = path.startsWith('/api/v1/') ? path.slice('/api/v1/'.length) : path.replace(/^\//, '');
    const segments = rel.split('/').filter(Boolean);
    for (const method of METHODS) if (item[method]) out.push({ method, segments, path, op: item[method] });
  }
  return out;
}

/** Assigns unique camelCase operation ids; on a clash, the first path segment (the module) is prefixed, then the method. */
export function assignOperationIds(doc: Json): void {
  const routes = routesOf(doc);
  const getPaths = new Set(routes.filter((r) => r.method === 'get').map((r) => r.path));
  const taken = new Set<string>(routes.map((r) => r.op.operationId).filter(Boolean));
  const wanted = new Map<string, (RouteShape & { op: Json })[]>();
  for (const r of routes) {
    if (r.op.operationId) continue;
    const named = NAMED[`${r.method} ${r.path}`];
    if (named && !taken.has(named)) {
      r.op.operationId = named;
      taken.add(named);
      continue;
    }
    const id = deriveOperationId(r, getPaths);
    wanted.set(id, [...(wanted.get(id) ?? []), r]);
  }
  for (const [id, list] of wanted) {
    for (const r of list) {
      let candidate = id;
      if (list.length > 1 || taken.has(candidate)) {
        const mod = pascal(r.segments[0] ?? '');
        candidate = `${id}${mod}`;
        if (taken.has(candidate)) candidate = `${id}${mod}${pascal(r.method)}${r.segments.length}`;
      }
      let n = 2;
      const base = candidate;
      while (taken.has(candidate)) candidate = `${base}${n++}`;
      taken.add(candidate);
      r.op.operationId = candidate;
    }
  }
}

/** Query parameters with a default are optional for the client. */
export function relaxDefaultedQueryParameters(doc: Json): void {
  for (const { op } of routesOf(doc)) {
    for (const p of op.parameters ?? []) {
      if (p.in === 'query' && p.required && p.schema && 'default' in p.schema) p.required = false;
    }
  }
}

/** Operations that declare no security are public: say so explicitly, as linters expect. */
export function markPublicOperations(doc: Json): void {
  for (const { op } of routesOf(doc)) if (!op.security) op.security = [];
}

/**
 * Tuples as JSON Schema 2020-12 writes them (OpenAPI 3.1's dialect): TypeBox emits the draft-7 form
 * `items: [..]` + `additionalItems`, which 3.1 validators reject.
 */
export function modernizeTuples(node: unknown): void {
  const stack = [node];
  while (stack.length) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    const obj = value as Json;
    if (Array.isArray(obj.items)) {
      obj.prefixItems = obj.items;
      if (obj.additionalItems === false) obj.items = false;
      else if (obj.additionalItems && typeof obj.additionalItems === 'object') obj.items = obj.additionalItems;
      else delete obj.items;
      delete obj.additionalItems;
    }
    stack.push(...Object.values(obj));
  }
}

export function polishOpenApi(doc: Json): Json {
  modernizeTuples(doc);
  assignOperationIds(doc);
  relaxDefaultedQueryParameters(doc);
  markPublicOperations(doc);
  return doc;
}
