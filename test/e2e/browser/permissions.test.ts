import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, portalFixture, type PortalFixture } from './helpers/index.js';

/**
 * The portal shows write actions where the permission policy allows them (decisions 951, 954): a
 * team maintainer sees and uses Edit on the team's entity and not on another team's; a plain user
 * sees no write action. Registering (YAML, a location, New component) is shown to a maintainer too,
 * as the server allows it (decision 1143), and a refused document shows the server's 403.
 */
const MAINTAINER = {
  username: 'perm-maintainer',
  email: 'perm-maintainer@hangar.test',
  password: 'Perm-Maint-Passw0rd',
};
const PLAIN = { username: 'perm-plain', email: 'perm-plain@hangar.test', password: 'Perm-Plain-Passw0rd' };

let portal: PortalFixture;
const entity = (name: string) => `/catalog/component/default/${name}`;

beforeAll(async () => {
  portal = await portalFixture({ users: [MAINTAINER, PLAIN] });
  const { server } = portal;
  const admin = await server.adminToken();
  const ok = async <T>(res: Promise<{ status: number; body: T }>) => {
    const r = await res;
    if (r.status >= 300) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const users = await ok(
    server.api<{ data: { id: string; username: string }[] }>('GET', '/api/v1/auth/users?take=100', undefined, admin),
  );
  const maintainerId = users.data.find((u) => u.username === MAINTAINER.username)!.id;
  const ours = await ok(server.api<{ id: string }>('POST', '/api/v1/teams', { name: 'perm-ours', type: 'dev' }, admin));
  const theirs = await ok(
    server.api<{ id: string }>('POST', '/api/v1/teams', { name: 'perm-theirs', type: 'dev' }, admin),
  );
  await ok(server.api('POST', `/api/v1/teams/${ours.id}/members/${maintainerId}`, { role: 'maintainer' }, admin));
  await ok(
    server.api(
      'POST',
      '/api/v1/catalog/components',
      { name: 'perm-our-service', kind: 'service', teamId: ours.id },
      admin,
    ),
  );
  await ok(
    server.api(
      'POST',
      '/api/v1/catalog/components',
      { name: 'perm-their-service', kind: 'service', teamId: theirs.id },
      admin,
    ),
  );
});
afterAll(() => portal?.close());

describe('write actions follow the permission policy', () => {
  it("a maintainer sees and uses Edit on the team's entity, and no write action on another team's", async () => {
    const { context, page } = await portal.signedIn(entity('perm-our-service'), { user: MAINTAINER });
    await page.getByRole('heading', { name: 'perm-our-service', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    await expectAccessible(page, 'entity page of a maintainer');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit perm-our-service' });
    await dialog.getByLabel('Description').fill('Edited by its maintainer');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Edited by its maintainer').waitFor();

    await page.goto(entity('perm-their-service'));
    await page.getByRole('heading', { name: 'perm-their-service', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await context.close();
  });

  it("a maintainer registers YAML for the team's entities; another team's is refused with the server's reason", async () => {
    const { context, page } = await portal.signedIn('/catalog', { user: MAINTAINER });
    await page.getByRole('button', { name: 'Register location' }).waitFor();
    await page.getByRole('button', { name: 'New component' }).waitFor();
    await page.getByRole('button', { name: 'Register YAML' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register from YAML' });
    const descriptors = dialog.getByRole('textbox', { name: 'Descriptors' });
    const yaml = (name: string, owner: string) =>
      `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\nspec:\n  type: service\n  owner: ${owner}\n  lifecycle: production\n`;
    await descriptors.fill(yaml('perm-yaml-theirs', 'perm-theirs'));
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText(/document 1 \(component:default\/perm-yaml-theirs\): Only admins and maintainers/).waitFor();
    await expectAccessible(page, 'register YAML refused for a maintainer');
    await descriptors.fill(yaml('perm-yaml-ours', 'perm-ours'));
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByRole('status').getByText('1 created, 0 updated, 0 unchanged, 0 skipped.').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Register location' }).click();
    await expectAccessible(page, 'register location dialog of a maintainer');
    await context.close();
  });

  it('a plain user sees no write action', async () => {
    const home = await portal.signedIn('/catalog', { user: PLAIN });
    await home.page.getByRole('table', { name: 'Catalog components' }).waitFor();
    for (const name of ['Register YAML', 'Register location', 'New component'])
      expect(await home.page.getByRole('button', { name }).count()).toBe(0);
    await home.context.close();
    const { context, page } = await portal.signedIn(entity('perm-our-service'), { user: PLAIN });
    await page.getByRole('heading', { name: 'perm-our-service', level: 1 }).waitFor();
    await page.getByText('Owner', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await expectAccessible(page, 'entity page of a plain user');
    await context.close();
  });
});
