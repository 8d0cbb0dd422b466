import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAccessible, settled, signIn } from './helpers/index.js';
import { server, pb, repoDir, DANA, SECRET, asAdmin, dialog, useAdminPortal } from './helpers/admin.js';

useAdminPortal();

describe('administration, as an admin', () => {
  it('changes a user’s global role behind a confirmation', async () => {
    const { context, page } = await asAdmin('/admin/users');
    await page.getByRole('heading', { name: 'Users and roles', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Make casey an admin' }).click();
    await dialog(page).getByRole('heading', { name: 'Make casey an admin?' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Make admin' }).click();
    await page.getByRole('button', { name: 'Remove the admin role from casey' }).waitFor();
    const casey = (
      await server.api('GET', '/api/v1/auth/users?take=100', undefined, await server.adminToken())
    ).body.data.find((u: { username: string }) => u.username === 'casey');
    expect(casey.roles).toEqual(expect.arrayContaining(['user', 'admin']));
    await context.close();
  });

  it('creates an organization (400 details on the field they name), adds a member and changes the member’s role', async () => {
    const { context, page } = await asAdmin('/admin/organizations');
    await page.getByRole('button', { name: 'New organization' }).click();
    await dialog(page).getByLabel('Name').fill('Rocket Lab');
    await dialog(page).getByLabel('Slug').fill('Not A Slug');
    await dialog(page).getByRole('button', { name: 'Create organization' }).click();
    const slug = dialog(page).getByLabel('Slug');
    await expect.poll(() => slug.getAttribute('aria-invalid')).toBe('true');
    const note = await slug.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${note}"]`).textContent()).toMatch(/match|pattern|lowercase/i);
    await slug.fill('rocket-lab');
    await dialog(page).getByRole('button', { name: 'Create organization' }).click();
    await page.getByRole('link', { name: 'Rocket Lab' }).click();
    await page.getByRole('heading', { name: 'Rocket Lab', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add member' }).click();
    await dialog(page).getByLabel('User').selectOption({ label: 'dana (dana@hangar.test)' });
    await dialog(page).getByRole('button', { name: 'Add member' }).click();
    const role = page.getByLabel('Role of dana');
    await expect.poll(() => role.inputValue()).toBe('member');
    await role.selectOption('admin');
    await expect
      .poll(async () => {
        const org = (await server.api('GET', '/api/v1/organizations', undefined, await server.adminToken())).body.find(
          (o: { slug: string }) => o.slug === 'rocket-lab',
        );
        const members = (
          await server.api('GET', `/api/v1/organizations/${org.id}/members`, undefined, await server.adminToken())
        ).body;
        return members.find((m: { username: string }) => m.username === 'dana')?.role;
      })
      .toBe('admin');
    // An address that names no organization: said as the page's h1, with the way back (decision 791).
    await page.goto('/admin/organizations/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'No organization with this id' }).waitFor();
    await page.getByRole('link', { name: 'Back to organizations' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/organizations');
    await context.close();
  });

  it('creates a team, adds an account to it, and deletes it behind a confirmation', async () => {
    const { context, page } = await asAdmin('/admin/teams');
    await page.getByRole('button', { name: 'New team' }).click();
    await dialog(page).getByLabel('Name', { exact: true }).fill('rockets');
    await dialog(page).getByLabel('Display name').fill('Rocket team');
    await dialog(page).getByRole('button', { name: 'Create team' }).click();
    await page.getByRole('button', { name: 'Members of team rockets' }).click();
    await dialog(page).getByLabel('Account to add').selectOption({ label: 'casey (casey@hangar.test)' });
    await dialog(page).getByRole('button', { name: 'Add to team' }).click();
    await dialog(page).getByRole('button', { name: 'Remove casey from Rocket team' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete team rockets' }).click();
    await dialog(page).getByRole('button', { name: 'Delete team' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Delete team rockets' }).count()).toBe(0);
    await context.close();
  });

  it('creates an environment (problems shown on their fields) and deletes it behind a confirmation', async () => {
    const { context, page } = await asAdmin('/admin/environments');
    await page.getByRole('button', { name: 'New environment' }).click();
    await dialog(page).getByLabel('Name').fill('staging-eu');
    await dialog(page).getByLabel('Type').selectOption('staging');
    await dialog(page).getByLabel('Order').fill('soon');
    await dialog(page).getByLabel('Metadata').fill('region: eu');
    await dialog(page).getByRole('button', { name: 'Create environment' }).click();
    await expect.poll(() => dialog(page).getByLabel('Metadata').getAttribute('aria-invalid')).toBe('true');
    await dialog(page).getByLabel('Metadata').fill('{"region": "eu-west-1"}');
    await dialog(page).getByRole('button', { name: 'Create environment' }).click();
    await expect.poll(() => dialog(page).getByLabel('Order').getAttribute('aria-invalid')).toBe('true');
    await dialog(page).getByLabel('Order').fill('3');
    await dialog(page).getByRole('button', { name: 'Create environment' }).click();
    await page.getByRole('button', { name: 'Delete environment staging-eu' }).click();
    await dialog(page).getByText('every deployment recorded to it').waitFor();
    await dialog(page).getByRole('button', { name: 'Delete environment' }).click();
    await page.getByText('No environments yet').waitFor();
    await context.close();
  });

  it('stores a credential whose secret is never shown back, and replaces it only when a new value is typed', async () => {
    const { context, page } = await asAdmin('/admin/credentials');
    const responses: string[] = [];
    page.on('response', (res) => {
      // A body cut off by the reload below is unreadable (the answers that matter have all arrived by then).
      if (res.url().includes('/api/v1/integrations/credentials'))
        void res.text().then(
          (t) => responses.push(t),
          () => undefined,
        );
    });
    const platforms = page.getByRole('list', { name: 'Platforms' });
    await platforms.getByRole('listitem').filter({ hasText: 'CircleCI' }).getByText('not set').waitFor();
    await page.getByRole('button', { name: 'New credential' }).click();
    await dialog(page).getByLabel('Platform').selectOption('cloudci');
    await dialog(page).getByLabel('Name').fill('CircleCI');
    await dialog(page).getByLabel('Personal API token').fill(SECRET);
    await dialog(page).getByRole('button', { name: 'Store credential' }).click();
    const row = page.getByRole('row', { name: /CircleCI/ });
    await row.getByText('set', { exact: true }).waitFor();
    await platforms.getByRole('listitem').filter({ hasText: 'CircleCI' }).getByText('set', { exact: true }).waitFor();
    await platforms.getByRole('listitem').filter({ hasText: 'Jenkins' }).getByText('not set').waitFor();

    await page.getByRole('button', { name: 'Edit credential CircleCI' }).click();
    const token = dialog(page).getByLabel('Personal API token (set)');
    expect(await token.inputValue()).toBe('');
    expect(await token.getAttribute('type')).toBe('password');
    await dialog(page).getByLabel('Name', { exact: true }).fill('CircleCI main');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /CircleCI main/ }).waitFor();
    await page.reload();
    await page.getByRole('row', { name: /CircleCI main/ }).waitFor();
    expect(await page.content()).not.toContain(SECRET);
    expect(responses.length).toBeGreaterThan(0);
    expect(responses.join('\n')).not.toContain(SECRET);
    await context.close();
  });

  it('registers a catalog location and shows its refresh time and errors; refreshes it', async () => {
    const { context, page } = await asAdmin('/admin/locations');
    await page.getByText('No locations registered').waitFor();
    await page.getByRole('button', { name: 'Register location' }).click();
    await dialog(page).getByLabel('Git URL').fill(pathToFileURL(repoDir).href);
    await dialog(page).getByRole('button', { name: 'Register location' }).click();
    const outcome = page.getByRole('region', { name: /^Registered / });
    await outcome.getByText(/1 created/).waitFor();
    await outcome.getByText('1 problem(s)').waitFor();
    const row = page.getByRole('row', { name: /hangar-admin-location/ });
    await row.getByText('problems', { exact: true }).waitFor();
    expect(await row.textContent()).not.toContain('never');

    await row.getByRole('button', { name: /^Refresh / }).click();
    await page
      .getByRole('region', { name: /^Refreshed / })
      .getByText(/1 unchanged/)
      .waitFor();
    expect(
      (
        await server.api('GET', '/api/v1/catalog/components?take=100', undefined, await server.adminToken())
      ).body.data.map((c: { name: string }) => c.name),
    ).toContain('admin-located');
    await context.close();
  });

  it('has no axe violations on any admin page, light on desktop and dark at 390 px', async () => {
    expect(
      (
        await server.api(
          'POST',
          '/api/v1/organizations',
          { name: 'Axe Org', slug: 'axe-org' },
          await server.adminToken(),
        )
      ).status,
    ).toBe(201);
    // Each page is reached as a user would, through the administration nav (no reload between pages).
    const pages = [
      ['Users and roles', 'Users and roles'],
      ['Organizations', 'Organizations'],
      ['Axe Org', 'Axe Org'],
      ['Teams', 'Teams'],
      ['Environments', 'Environments'],
      ['Credentials', 'Credentials'],
      ['Templates', 'Templates'],
      ['Catalog locations', 'Catalog locations'],
    ] as const;
    for (const [opts, label] of [
      [{ theme: 'light', viewport: 'desktop' }, 'light, desktop'],
      [{ theme: 'dark', viewport: 'mobile' }, 'dark, mobile'],
    ] as const) {
      const { context, page } = await asAdmin('/admin', opts);
      await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
      await expectAccessible(page, `/admin (${label})`);
      for (const [link, heading] of pages) {
        const where =
          link === 'Axe Org' ? page.getByRole('main') : page.getByRole('navigation', { name: 'Administration' });
        await where.getByRole('link', { name: link, exact: true }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await settled(page);
        await expectAccessible(page, `${heading} (${label})`);
      }
      // A form dialog and a confirmation dialog.
      await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Templates' }).click();
      await settled(page);
      await page.getByRole('button', { name: 'Register template' }).click();
      await dialog(page).waitFor();
      await expectAccessible(page, `template dialog (${label})`);
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: /^Delete template / })
        .first()
        .click();
      await dialog(page).getByRole('button', { name: 'Delete template' }).waitFor();
      await expectAccessible(page, `confirmation dialog (${label})`);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
      await context.close();
    }
  });
});

describe('administration, as anyone else', () => {
  it('hides the admin nav entry and palette item, and answers /admin URLs with a 403 page and no data', async () => {
    const { context, page } = await pb.newPage({ theme: 'dark', viewport: 'mobile' });
    const adminCalls: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (/^\/api\/v1\/(auth\/users|catalog\/locations|integrations\/credentials)/.test(url.pathname))
        adminCalls.push(url.pathname);
    });
    await signIn(page, DANA, '/catalog');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Catalog' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Administration' }).count()).toBe(0);

    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search Hangar' }).fill('admin');
    await page.getByRole('listbox').waitFor();
    expect(await page.getByRole('option', { name: 'Administration' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/users', '/admin/credentials', '/admin/locations']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '403: administrators only', level: 1 }).waitFor();
      expect(await page.getByRole('table').count()).toBe(0);
    }
    await expectAccessible(page, '403 page (dark, mobile)');
    expect(adminCalls).toEqual([]);
    await context.close();

    const light = await pb.newPage({ theme: 'light' });
    await signIn(light.page, DANA, '/admin/templates');
    await light.page.getByRole('heading', { name: '403: administrators only', level: 1 }).waitFor();
    await expectAccessible(light.page, '403 page (light, desktop)');
    await light.context.close();
  });
});
