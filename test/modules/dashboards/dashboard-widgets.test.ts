import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { admin, alice, api, dashboard, widget, useDashboardsApp } from './dashboards-setup.js';

useDashboardsApp();

describe('widgets', () => {
  it('applies defaults and keeps config', async () => {
    const d = await dashboard(alice.token);
    const w = await widget(d.id);
    expect(w).toMatchObject({
      dashboardId: d.id,
      type: 'alert_summary',
      title: 'Alerts',
      gridX: 0,
      gridY: 0,
      gridW: 4,
      gridH: 3,
      config: {},
    });
    const w2 = await widget(d.id, {
      type: 'metric_graph',
      title: 'RPS',
      gridX: 4,
      gridY: 1,
      gridW: 8,
      gridH: 2,
      config: { metric: 'rps', color: { line: 'red' } },
    });
    expect(w2).toMatchObject({
      gridX: 4,
      gridY: 1,
      gridW: 8,
      gridH: 2,
      config: { metric: 'rps', color: { line: 'red' } },
    });
    expect(
      (await api('GET', `/api/v1/dashboards/${d.id}`, alice.token)).json().widgets.map((x: { id: string }) => x.id),
    ).toEqual([w.id, w2.id]);
  });

  it('refuses bad widgets with 400, non-admins with 403, unknown dashboards with 404', async () => {
    const d = await dashboard(alice.token);
    const bad: object[] = [
      { title: 'x' },
      { type: 'alert_summary' },
      { type: 'pie_chart', title: 'x' },
      { type: 'alert_summary', title: '' },
      { type: 'alert_summary', title: 'x', gridX: -1 },
      { type: 'alert_summary', title: 'x', gridW: 0 },
      { type: 'alert_summary', title: 'x', gridH: 1.5 },
      { type: 'alert_summary', title: 'x', gridW: 101 },
      { type: 'alert_summary', title: 'x', gridX: '1' },
      { type: 'alert_summary', title: 'x', config: [] },
      { type: 'deployment_feed', title: 'x', config: { limit: 0 } },
      { type: 'component_health', title: 'x', config: { componentIds: ['nope'] } },
    ];
    for (const payload of bad)
      expectError(await api('POST', `/api/v1/dashboards/${d.id}/widgets`, admin, payload), 400);
    expectError(
      await api('POST', `/api/v1/dashboards/${d.id}/widgets`, alice.token, { type: 'alert_summary', title: 'x' }),
      403,
    );
    expectError(
      await api('POST', `/api/v1/dashboards/${randomUUID()}/widgets`, admin, { type: 'alert_summary', title: 'x' }),
      404,
    );
  });

  it('updates any subset of fields; 404 when the widget is on another dashboard', async () => {
    const d = await dashboard(alice.token);
    const other = await dashboard(alice.token);
    const w = await widget(d.id, { config: { keep: true } });
    const res = await api('PATCH', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin, { title: 'Renamed', gridW: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Renamed',
      gridW: 6,
      gridH: 3,
      type: 'alert_summary',
      config: { keep: true },
    });
    const retyped = (
      await api('PATCH', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin, {
        type: 'deployment_feed',
        config: { limit: 3 },
      })
    ).json();
    expect(retyped).toMatchObject({ type: 'deployment_feed', config: { limit: 3 } });
    expectError(
      await api('PATCH', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin, { config: { limit: 'ten' } }),
      400,
    );
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin, { type: 'bar' }), 400);
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, alice.token, { title: 'x' }), 403);
    expectError(await api('PATCH', `/api/v1/dashboards/${other.id}/widgets/${w.id}`, admin, { title: 'x' }), 404);
    expectError(await api('DELETE', `/api/v1/dashboards/${other.id}/widgets/${w.id}`, admin), 404);
    expectError(await api('DELETE', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, alice.token), 403);
    expect((await api('DELETE', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin)).statusCode).toBe(204);
    expectError(await api('DELETE', `/api/v1/dashboards/${d.id}/widgets/${w.id}`, admin), 404);
    expect((await api('GET', `/api/v1/dashboards/${d.id}`, alice.token)).json().widgets).toEqual([]);
  });
});

describe('layout', () => {
  it('keeps the grid fields an item leaves out', async () => {
    const d = await dashboard(alice.token);
    const a = await widget(d.id);
    const res = await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, {
      widgets: [{ id: a.id, gridX: 2, gridY: 7 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().widgets[0]).toMatchObject({ gridX: 2, gridY: 7, gridW: 4, gridH: 3 });
    const msg = expectError(
      await api('POST', `/api/v1/dashboards/${d.id}/widgets`, admin, { type: 'pie', title: 'x' }),
      400,
    ).message;
    expect(msg).toContain('must be one of: metric_graph');
  });

  it('moves every listed widget in one go', async () => {
    const d = await dashboard(alice.token);
    const [a, b] = [await widget(d.id), await widget(d.id)];
    const res = await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, {
      widgets: [
        { id: a.id, gridX: 0, gridY: 5, gridW: 12, gridH: 2 },
        { id: b.id, gridX: 6, gridY: 0, gridW: 6, gridH: 4 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const byId = Object.fromEntries(res.json().widgets.map((w: { id: string }) => [w.id, w]));
    expect(byId[a.id]).toMatchObject({ gridX: 0, gridY: 5, gridW: 12, gridH: 2 });
    expect(byId[b.id]).toMatchObject({ gridX: 6, gridY: 0, gridW: 6, gridH: 4 });
  });

  it('changes nothing when one id is not on the dashboard (400 naming it)', async () => {
    const d = await dashboard(alice.token);
    const other = await dashboard(alice.token);
    const a = await widget(d.id);
    const foreign = await widget(other.id);
    for (const stray of [foreign.id, randomUUID()]) {
      const body = expectError(
        await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, {
          widgets: [
            { id: a.id, gridX: 9, gridY: 9, gridW: 9, gridH: 9 },
            { id: stray, gridX: 1, gridY: 1, gridW: 1, gridH: 1 },
          ],
        }),
        400,
      );
      expect(body.message).toContain(stray);
    }
    const dup = expectError(
      await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, {
        widgets: [
          { id: a.id, gridX: 9, gridY: 9, gridW: 9, gridH: 9 },
          { id: a.id, gridX: 1, gridY: 1, gridW: 1, gridH: 1 },
        ],
      }),
      400,
    );
    expect(dup.message).toContain(a.id);
    expect((await api('GET', `/api/v1/dashboards/${d.id}`, alice.token)).json().widgets[0]).toMatchObject({
      gridX: 0,
      gridY: 0,
      gridW: 4,
      gridH: 3,
    });
    expect((await api('GET', `/api/v1/dashboards/${other.id}`, alice.token)).json().widgets[0]).toMatchObject({
      gridX: 0,
      gridY: 0,
      gridW: 4,
      gridH: 3,
    });
  });

  it('validates the body, role and dashboard', async () => {
    const d = await dashboard(alice.token);
    const a = await widget(d.id);
    for (const widgets of [
      [{ id: a.id, gridX: 0, gridY: 0, gridW: 0, gridH: 1 }],
      [{ id: a.id, gridX: '1', gridY: 0 }],
      [{ gridX: 0, gridY: 0 }],
      [{ id: 'x', gridX: 0, gridY: 0, gridW: 1, gridH: 1 }],
      'all',
    ]) {
      expectError(await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, { widgets }), 400);
    }
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, {}), 400);
    expectError(await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, alice.token, { widgets: [] }), 403);
    expectError(await api('PATCH', `/api/v1/dashboards/${randomUUID()}/layout`, admin, { widgets: [] }), 404);
    expect((await api('PATCH', `/api/v1/dashboards/${d.id}/layout`, admin, { widgets: [] })).statusCode).toBe(200);
  });
});
