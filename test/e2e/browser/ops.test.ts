import { describe, expect, it } from 'vitest';
import { ADMIN, AXE_PASSES, expectAccessible } from './helpers/index.js';
import {
  server,
  admin,
  member,
  componentId,
  signedIn,
  settledPage,
  widgetTitles,
  useOpsPortal,
  addWidget,
  listenToLiveRegion,
  widgetPlaces,
  dragWidget,
  notificationItems,
} from './helpers/ops.js';

useOpsPortal();

/** The dashboard the first dashboards test creates; the later ones open it. */
let dashboardPath = '';

describe('notifications', () => {
  it(
    'a team member hears of their component and of an incident on it, live, and marks them read',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await signedIn(member, '/notifications');
      await page.getByRole('link', { name: 'service ledger-service was created' }).waitFor();
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();

      const declared = await server.api(
        'POST',
        '/api/v1/incidents',
        { title: 'Ledger drift', severity: 'P2', affectedComponentIds: [componentId] },
        admin,
      );
      expect(declared.status).toBe(201);
      // No reload: notification.created reaches this user's connection.
      await page.getByRole('link', { name: 'Incident declared (P2): Ledger drift' }).waitFor();
      await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();

      await page.getByRole('button', { name: 'Mark “service ledger-service was created” read' }).click();
      await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
      await page.getByRole('button', { name: 'Unread only' }).click();
      await expect.poll(() => notificationItems(page), { timeout: 15_000 }).toBe(1);
      expect(new URL(page.url()).search).toBe('?unread=true');
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByText('Nothing unread').waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Notifications', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Unread only' }).click();
      await page.getByRole('link', { name: 'Incident declared (P2): Ledger drift' }).click();
      await page.getByRole('heading', { name: 'Ledger drift', level: 1 }).waitFor();
      await context.close();
    },
  );
});

describe('dashboards', () => {
  it(
    'an admin creates a dashboard, adds widgets and rearranges them with the keyboard',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await signedIn(ADMIN, '/dashboards');
      await page.getByRole('button', { name: 'New dashboard' }).click();
      const create = page.getByRole('dialog', { name: 'New dashboard' });
      await create.getByLabel('Name').fill('Operations');
      await create.getByLabel('Visibility').selectOption('workspace');
      await create.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
      dashboardPath = new URL(page.url()).pathname;

      for (const [type, title] of [
        ['metric_graph', 'Latency'],
        ['alert_summary', 'Open incidents'],
        ['uptime_chart', 'Uptime'],
        ['slo_gauge', 'Availability SLO'],
      ] as const) {
        await addWidget(page, type, title);
      }
      // Each widget as its data calls for: charts drawn (with a text summary), counts as figures.
      await page.getByRole('figure', { name: 'Latency' }).locator('canvas').first().waitFor();
      await page.getByRole('figure', { name: 'Uptime' }).locator('canvas').first().waitFor();
      await page.getByRole('figure', { name: 'Availability SLO' }).locator('svg').waitFor();
      await page.getByText('P1 critical').waitFor();
      expect(await widgetTitles(page)).toEqual(['Latency', 'Open incidents', 'Uptime', 'Availability SLO']);

      // Keyboard: pick up Latency, move it one place on, drop it; the screen reader hears each step.
      const heard = await listenToLiveRegion(page);
      await page.getByRole('button', { name: 'Move Latency', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(heard, { timeout: 15_000 }).toContain('Picked up Latency, position 1 of 4.');
      await page.keyboard.press('ArrowRight');
      await expect.poll(heard, { timeout: 15_000 }).toContain('Latency is over position 2 of 4.');
      await page.keyboard.press('Space');
      await expect.poll(heard, { timeout: 15_000 }).toContain('Latency dropped at position 2 of 4.');
      await expect
        .poll(() => widgetTitles(page), { timeout: 15_000 })
        .toEqual(['Open incidents', 'Latency', 'Uptime', 'Availability SLO']);
      // Saved: the server has the new places (the layout PATCH may still be on its way), and a reload shows them.
      await expect
        .poll(() => widgetPlaces(dashboardPath), { timeout: 15_000 })
        .toEqual({ 'Open incidents': [0, 0], Latency: [6, 0], Uptime: [0, 3], 'Availability SLO': [6, 3] });
      await page.reload();
      await expect
        .poll(() => widgetTitles(page), { timeout: 15_000 })
        .toEqual(['Open incidents', 'Latency', 'Uptime', 'Availability SLO']);

      // Drag with the pointer: Availability SLO onto the first place. The boxes are measured on each
      // try: charts loading after the reload can still move the handles, and a press that lands
      // beside the handle starts no drag (the order is then unchanged and the drag is tried again).
      const wanted = ['Availability SLO', 'Open incidents', 'Latency', 'Uptime'];
      for (
        let attempt = 0;
        attempt < 3 && JSON.stringify(await widgetTitles(page)) !== JSON.stringify(wanted);
        attempt++
      ) {
        await dragWidget(page, 'Availability SLO', 'Open incidents');
        await expect
          .poll(() => widgetTitles(page), { timeout: 5_000 })
          .toEqual(wanted)
          .catch(() => undefined);
      }
      expect(await widgetTitles(page)).toEqual(wanted);
      await context.close();
    },
  );

  it(
    'an admin edits the dashboard and a widget’s settings; a 400 shows on its field',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await signedIn(ADMIN, dashboardPath);
      await page.getByRole('heading', { name: 'Operations', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit the dashboard' });
      await edit.getByLabel('Name').fill('Operations overview');
      await edit.getByLabel('Description').fill('What on-call looks at first');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Operations overview', level: 1 }).waitFor();
      await page.getByText('What on-call looks at first').waitFor();

      await page.getByRole('button', { name: 'Edit Availability SLO', exact: true }).click();
      const widget = page.getByRole('dialog', { name: 'Edit the widget Availability SLO' });
      await widget.getByLabel('Title').fill('Availability');
      await widget.getByLabel('Objective (%)').fill('150');
      await widget.getByLabel('Width (of 12 columns)').selectOption('12');
      await widget.getByRole('button', { name: 'Save' }).click();
      // The server's rule, on the field it names (config.objective), with the field marked invalid.
      await widget.getByText('must be a number above 0 and at most 100 for a slo_gauge widget').waitFor();
      expect(await widget.getByLabel('Objective (%)').getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, 'widget settings dialog with a field error (light)');
      await widget.getByLabel('Objective (%)').fill('99.5');
      await widget.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Availability', exact: true, level: 2 }).waitFor();
      const saved = await server.api('GET', `/api/v1${dashboardPath}`, undefined, admin);
      expect(saved.body).toMatchObject({ name: 'Operations overview', description: 'What on-call looks at first' });
      expect((saved.body.widgets as { title: string }[]).find((w) => w.title === 'Availability')).toMatchObject({
        type: 'slo_gauge',
        gridW: 12,
        config: { objective: 99.5 },
      });
      await context.close();

      // The dashboard dialog, dark and at 390 px.
      const dark = await signedIn(ADMIN, dashboardPath, { theme: 'dark', viewport: 'mobile' });
      await dark.page.getByRole('heading', { name: 'Operations overview', level: 1 }).waitFor();
      await dark.page.getByRole('button', { name: 'Edit', exact: true }).click();
      await dark.page.getByRole('dialog', { name: 'Edit the dashboard' }).getByLabel('Name').waitFor();
      await expectAccessible(dark.page, 'dashboard edit dialog (dark, 390 px)');
      await dark.context.close();
    },
  );

  it(
    'an admin picks a widget’s components and environment by search; the widget shows the new one’s data (decision 755)',
    { timeout: 60_000 },
    async () => {
      const other = await server.api(
        'POST',
        '/api/v1/catalog/components',
        { name: 'audit-service', kind: 'service' },
        admin,
      );
      expect(other.status).toBe(201);
      const env = await server.api('POST', '/api/v1/environments', { name: 'ops-staging', type: 'staging' }, admin);
      expect(env.status).toBe(201);
      const board = await server.api('POST', '/api/v1/dashboards', { name: 'Fleet', visibility: 'workspace' }, admin);
      expect(board.status).toBe(201);
      const path = `/api/v1/dashboards/${board.body.id}/widgets`;
      const health = await server.api(
        'POST',
        path,
        { type: 'component_health', title: 'Fleet health', config: { componentIds: [componentId] } },
        admin,
      );
      expect(health.status).toBe(201);
      const feed = await server.api(
        'POST',
        path,
        { type: 'deployment_feed', title: 'Recent deployments', gridY: 3 },
        admin,
      );
      expect(feed.status).toBe(201);

      const { context, page } = await signedIn(ADMIN, `/dashboards/${board.body.id}`);
      const table = page.getByRole('table', { name: 'Fleet health: components' });
      await table.getByRole('cell', { name: 'ledger-service' }).waitFor();
      expect(await table.getByRole('cell', { name: 'audit-service' }).count()).toBe(0);

      await page.getByRole('button', { name: 'Edit Fleet health', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit the widget Fleet health' });
      const chosen = dialog.getByRole('list', { name: 'Components: chosen' });
      await chosen.getByText('ledger-service').waitFor();
      await chosen.getByRole('button', { name: 'Remove ledger-service' }).click();
      await expect.poll(() => chosen.count()).toBe(0);
      // The keyboard alone: type, move down to the match, pick it with Enter (the form is not submitted).
      const search = dialog.getByRole('combobox', { name: 'Components', exact: true });
      await search.fill('audit');
      const matches = page.getByRole('listbox', { name: 'Matches' });
      await matches.getByRole('option', { name: /audit-service/ }).waitFor();
      await search.press('ArrowDown');
      await expect.poll(() => search.getAttribute('aria-activedescendant')).toBeTruthy();
      await expectAccessible(page, 'widget settings with the component search open');
      // Escape closes the list, not the dialog; Down opens it again on the first match.
      await search.press('Escape');
      await expect.poll(() => search.getAttribute('aria-expanded')).toBe('false');
      expect(await dialog.isVisible()).toBe(true);
      await search.press('ArrowDown');
      await expect.poll(() => search.getAttribute('aria-activedescendant')).toBeTruthy();
      await search.press('Enter');
      await chosen.getByText('audit-service').waitFor();
      expect(await search.inputValue()).toBe('');
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await table.getByRole('cell', { name: 'audit-service' }).waitFor();
      await expect.poll(() => table.getByRole('cell', { name: 'ledger-service' }).count()).toBe(0);

      // The feed: one component and one environment, saved as their ids.
      await page.getByRole('button', { name: 'Edit Recent deployments', exact: true }).click();
      const feedDialog = page.getByRole('dialog', { name: 'Edit the widget Recent deployments' });
      await feedDialog.getByRole('combobox', { name: 'Environment' }).selectOption({ label: 'ops-staging' });
      const one = feedDialog.getByRole('combobox', { name: 'Component', exact: true });
      await one.fill('ledger');
      await page
        .getByRole('listbox', { name: 'Matches' })
        .getByRole('option', { name: /ledger-service/ })
        .click();
      await feedDialog.getByText('Now: ledger-service.', { exact: false }).waitFor();
      await feedDialog.getByRole('button', { name: 'Save' }).click();
      await feedDialog.waitFor({ state: 'detached' });
      const saved = await server.api('GET', `/api/v1/dashboards/${board.body.id}`, undefined, admin);
      const byTitle = Object.fromEntries(
        (saved.body.widgets as { title: string; config: unknown }[]).map((w) => [w.title, w.config]),
      );
      expect(byTitle).toEqual({
        'Fleet health': { componentIds: [other.body.id] },
        'Recent deployments': { componentId, environmentId: env.body.id },
      });
      await context.close();
    },
  );

  it('a plain user sees a workspace dashboard without the arranging controls', { timeout: 60_000 }, async () => {
    const { context, page } = await signedIn(member, '/dashboards');
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.getByRole('heading', { name: 'Latency', level: 2 }).waitFor();
    expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add widget' }).count()).toBe(0);
    // Editing is admin-only on the server (PATCH answers 403): no edit controls either.
    expect(await page.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    // An address that names no dashboard: said as the page's h1, with the way back (decision 791).
    await page.goto('/dashboards/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { level: 1, name: 'No dashboard with this id' }).waitFor();
    await page.getByRole('link', { name: 'Back to dashboards' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboards');
    await context.close();
  });
});

describe('accessibility (axe, zero violations)', () => {
  // Each page once per theme and once per size: light at 1280 px, dark at 390 px (decision 1156).
  it('dashboards and notifications, light at 1280 px and dark at 390 px', { timeout: 90_000 }, async () => {
    for (const [theme, viewport] of AXE_PASSES) {
      const { context, page } = await signedIn(member, '/notifications', { theme, viewport });
      for (const path of ['/notifications', '/dashboards', dashboardPath]) {
        await page.goto(path);
        await settledPage(page);
        await expectAccessible(page, `${path} ${theme} ${viewport}`);
      }
      await context.close();
    }
  });
});
