/**
 * One rendered Kubernetes object checked against the API's schemas (decision 888):
 * - kubernetes-models (the OpenAPI schemas of Kubernetes, compiled to validators): types, enums,
 *   required fields, formats;
 * - unknown fields, which those schemas allow (as `kubectl apply --validate=strict` would refuse them):
 *   every key must be a field of its type, walked with @kubernetes/client-node's type maps, so a
 *   misspelt `readOnlyRootFileSystem` is an error instead of a silently ignored setting.
 */
type Obj = Record<string, unknown>;
type ModelClass = { getAttributeTypeMap(): { baseName: string; type: string }[] };

let clientNode: Record<string, unknown> | undefined;

/** The API groups the package uses (kubernetes-models has one module per group and version). */
const MODELS: Record<string, () => Promise<object>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'batch/v1': () => import('kubernetes-models/batch/v1'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
  'rbac.authorization.k8s.io/v1': () => import('kubernetes-models/rbac.authorization.k8s.io/v1'),
};

function unknownFields(value: unknown, type: string, path: string, out: string[]) {
  if (value === null || value === undefined) return;
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    if (Array.isArray(value)) value.forEach((v, i) => unknownFields(v, array[1]!, `${path}[${i}]`, out));
    return;
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    for (const [k, v] of Object.entries(value as Obj)) unknownFields(v, map[1]!, `${path}.${k}`, out);
    return;
  }
  const model = clientNode![type] as ModelClass | undefined;
  if (!model?.getAttributeTypeMap || typeof value !== 'object') return;
  const fields = new Map(model.getAttributeTypeMap().map((a) => [a.baseName, a.type]));
  for (const [key, child] of Object.entries(value as Obj)) {
    const childType = fields.get(key);
    if (!childType) out.push(`${path}.${key}: unknown field of ${type}`);
    else unknownFields(child, childType, `${path}.${key}`, out);
  }
}

/** The problems of one object (none: valid). */
export async function schemaProblems(object: Obj): Promise<string[]> {
  clientNode ??= (await import('@kubernetes/client-node')) as unknown as Record<string, unknown>;
  const version = String(object.apiVersion).split('/').pop()!;
  const kind = String(object.kind);
  const where = `${kind}/${(object.metadata as Obj | undefined)?.name}`;
  const load = MODELS[String(object.apiVersion)];
  if (!load) return [`${where}: ${object.apiVersion} is not an API version this check knows (add it to MODELS)`];
  const models = (await load()) as unknown as Record<string, new (data: Obj) => { validate(): void }>;
  const Model = models[kind];
  if (!Model) return [`${where}: ${object.apiVersion} has no kind ${kind}`];
  const out: string[] = [];
  try {
    new Model(object).validate();
  } catch (err) {
    out.push(`${where}: ${(err as Error).message}`);
  }
  const typeName = `${version[0]!.toUpperCase()}${version.slice(1)}${kind}`;
  if (!clientNode[typeName]) out.push(`${where}: no client-node type ${typeName} to check its fields against`);
  else unknownFields(object, typeName, where, out);
  return out;
}
