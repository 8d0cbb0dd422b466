import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp({});
  admin = bearer(await t.adminToken());
});
afterAll(async () => t?.close());
const reg = (yaml: string) => t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: admin, payload: { yaml } });
const comp = (meta: string, spec = 'type: service\n  lifecycle: production\n  owner: team-a', kind = 'Component') =>
  `apiVersion: backstage.io/v1alpha1\nkind: ${kind}\nmetadata:\n${meta}\nspec:\n  ${spec}\n`;
const ok = comp('  name: fine');
const cases: Record<string, string> = {
  longName: comp(`  name: ${'a'.repeat(64)}`),
  nameTrailingDash: comp('  name: abc-'),
  nameDoubleSep: comp('  name: a--b'),
  upperTag: comp('  name: x1\n  tags: [Java]'),
  tagSpace: comp('  name: x2\n  tags: ["a b"]'),
  longTag: comp(`  name: x3\n  tags: [${'a'.repeat(64)}]`),
  badNamespace: comp('  name: x4\n  namespace: Bad_NS'),
  noName: comp('  title: x'),
  noLifecycle: comp('  name: x5', 'type: service\n  owner: a'),
  noOwner: comp('  name: x6', 'type: service\n  lifecycle: production'),
  noType: comp('  name: x7', 'lifecycle: production\n  owner: a'),
  badLifecycle: comp('  name: x8', 'type: service\n  lifecycle: alpha\n  owner: a'),
  apiNoDefinition: comp('  name: x9', 'type: openapi\n  lifecycle: production\n  owner: a', 'API'),
  systemNoOwner: comp('  name: x10', 'domain: d', 'System'),
  resourceNoType: comp('  name: x11', 'owner: a', 'Resource'),
  noApiVersion: `kind: Component\nmetadata:\n  name: x12\nspec:\n  type: service\n  lifecycle: production\n  owner: a\n`,
  badApiVersion: `apiVersion: foo\nkind: Component\nmetadata:\n  name: x13\nspec:\n  type: service\n  lifecycle: production\n  owner: a\n`,
  annotationNotString: comp('  name: x14\n  annotations:\n    a.b/c: 3'),
  badLabelKey: comp('  name: x15\n  labels:\n    "bad key": v'),
  badAnnotationKey: comp('  name: x16\n  annotations:\n    "/x": v'),
  tagsNotArray: comp('  name: x17\n  tags: java'),
  dupTags: comp('  name: x18\n  tags: [a, a]'),
  linkNoUrl: comp('  name: x19\n  links:\n    - title: t'),
  scalarDoc: `hello`,
  ownerBadRef: comp('  name: x20', 'type: service\n  lifecycle: production\n  owner: "a:b:c"'),
  specTypeEmpty: comp('  name: x21', 'type: ""\n  lifecycle: production\n  owner: a'),
  groupNoType: `apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata:\n  name: g1\nspec:\n  children: []\n`,
  groupNoChildren: `apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata:\n  name: g2\nspec:\n  type: team\n`,
  secondDocBad: `${ok}---\n${comp('  name: "bad name"')}`,
};
describe('probe', () => {
  it('prints', async () => {
    const out: Record<string, string> = {};
    for (const [k, y] of Object.entries(cases)) {
      const r = await reg(y);
      out[k] = `${r.statusCode} ${r.statusCode === 201 ? JSON.stringify({ c: r.json().created.length, s: r.json().skipped }) : r.json().message}`;
    }
    const empty = await reg(`${ok}---\n---\n`);
    out.emptyDocs = `${empty.statusCode} ${empty.body.slice(0, 200)}`;
    console.log(JSON.stringify(out, null, 1));
    expect(1).toBe(1);
  });
});
